import { CliError, required, type GatewayClient } from './gateway-client.js';

export interface DepositAddressOptions {
  readonly blockchain?: string | undefined;
  readonly address?: string | undefined;
}

// The deposit address of each chain, rotated without a deploy. Each command prints one JSON object.
export async function runDepositAddressCommand(
  args: readonly string[],
  options: DepositAddressOptions,
  gateway: GatewayClient,
) {
  switch (args.join(' ')) {
    case 'list':
      return gateway.request('GET', '/ops/deposit-addresses');
    case 'set':
      return gateway.request('PUT', '/ops/deposit-addresses', {
        blockchain: required(options.blockchain, '--blockchain'),
        address: required(options.address, '--address'),
      });
    default:
      throw new CliError(`Unknown deposit-address command: ${args.join(' ')}`);
  }
}
