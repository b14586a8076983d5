import { CliError, required, type GatewayClient } from './gateway-client.js';

export interface CapsOptions {
  readonly method?: string | undefined;
  readonly currency?: string | undefined;
  readonly perTransaction?: string | undefined;
  readonly userDaily?: string | undefined;
  readonly userDailyCount?: string | undefined;
  readonly methodDaily?: string | undefined;
}

interface RailCaps {
  readonly paymentMethod: string;
  readonly targetCurrency: string;
  readonly perTransaction: string | null;
  readonly perUserDailyAmount: string | null;
  readonly perUserDailyCount: number | null;
  readonly perPaymentMethodDailyAmount: string | null;
}

// Each rail's payout caps. `set` changes only the caps named (`none` lifts one) and keeps the
// others as they are: the PUT it sends carries every cap of the rail.
export async function runCapsCommand(args: readonly string[], options: CapsOptions, gateway: GatewayClient) {
  switch (args.join(' ')) {
    case 'list':
      return gateway.request('GET', '/ops/corridors/caps');
    case 'set': {
      const method = required(options.method, '--method');
      const currency = required(options.currency, '--currency');
      const { caps } = (await gateway.request('GET', '/ops/corridors/caps')) as { caps: RailCaps[] };
      const current = caps.find((rail) => rail.paymentMethod === method && rail.targetCurrency === currency);
      return gateway.request(
        'PUT',
        `/ops/corridors/caps/${encodeURIComponent(method)}/${encodeURIComponent(currency)}`,
        {
          perTransaction: cap(options.perTransaction, current?.perTransaction ?? null),
          perUserDailyAmount: cap(options.userDaily, current?.perUserDailyAmount ?? null),
          perUserDailyCount: count(options.userDailyCount, current?.perUserDailyCount ?? null),
          perPaymentMethodDailyAmount: cap(options.methodDaily, current?.perPaymentMethodDailyAmount ?? null),
        },
      );
    }
    default:
      throw new CliError(`Unknown caps command: ${args.join(' ')}`);
  }
}

const cap = (given: string | undefined, current: string | null) =>
  given === undefined ? current : given === 'none' ? null : given;

function count(given: string | undefined, current: number | null): number | null {
  if (given === undefined) return current;
  if (given === 'none') return null;
  if (!/^\d+$/.test(given)) throw new CliError('--user-daily-count must be a whole number or none');
  return Number(given);
}
