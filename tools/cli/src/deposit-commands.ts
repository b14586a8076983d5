import { CliError, type GatewayClient } from './gateway-client.js';

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
    case 'unmatched': {
      const query = new URLSearchParams();
      if (options.page !== undefined) query.set('page', options.page);
      if (options.pageSize !== undefined) query.set('pageSize', options.pageSize);
      const search = query.size > 0 ? `?${query.toString()}` : '';
      return gateway.request('GET', `/ops/deposits/unmatched${search}`);
    }
    default:
      throw new CliError(`Unknown deposit command: ${args.join(' ')}`);
  }
}
