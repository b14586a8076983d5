import { CliError, pageQuery, required, type GatewayClient } from './gateway-client.js';

export interface DepositOptions {
  readonly id?: string | undefined;
  readonly transactionId?: string | undefined;
  readonly address?: string | undefined;
  readonly page?: string | undefined;
  readonly pageSize?: string | undefined;
}

// Transfers that fund no transaction, and the two ways an operator finishes one: send it back
// (to its sender, or to an address of its chain the operator names) or credit it to a transaction.
export async function runDepositCommand(
  args: readonly string[],
  options: DepositOptions,
  gateway: GatewayClient,
) {
  const deposit = () => `/ops/deposits/${encodeURIComponent(required(options.id, '--id'))}`;
  switch (args.join(' ')) {
    case 'unmatched':
      return gateway.request('GET', `/ops/deposits/unmatched${pageQuery(options)}`);
    case 'refund':
      return gateway.request(
        'POST',
        `${deposit()}/refund`,
        options.address === undefined ? {} : { destination: options.address },
      );
    case 'assign':
      return gateway.request('POST', `${deposit()}/assign`, {
        transaction_id: required(options.transactionId, '--transaction-id'),
      });
    case 'audit':
      return gateway.request('GET', `/ops/deposits/audit${pageQuery(options)}`);
    default:
      throw new CliError(`Unknown deposit command: ${args.join(' ')}`);
  }
}
