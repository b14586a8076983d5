import { CliError, pageQuery, type GatewayClient } from './gateway-client.js';

export interface DepositOptions {
  readonly page?: string | undefined;
  readonly pageSize?: string | undefined;
}

// Deposits that fund no transaction, for an operator to recover with reconcile-hash.
export async function runDepositCommand(
  args: readonly string[],
  options: DepositOptions,
  gateway: GatewayClient,
) {
  switch (args.join(' ')) {
    case 'unmatched':
      return gateway.request('GET', `/ops/deposits/unmatched${pageQuery(options)}`);
    default:
      throw new CliError(`Unknown deposit command: ${args.join(' ')}`);
  }
}
