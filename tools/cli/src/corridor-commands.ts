import { CliError, required, type GatewayClient } from './gateway-client.js';

export interface CorridorOptions {
  readonly flowId?: string | undefined;
  readonly id?: string | undefined;
  readonly enabled?: string | undefined;
  readonly feeBps?: string | undefined;
  readonly feeFixed?: string | undefined;
  readonly min?: string | undefined;
  readonly max?: string | undefined;
  readonly crypto?: string | undefined;
  readonly chain?: string | undefined;
  readonly method?: string | undefined;
  readonly currency?: string | undefined;
  readonly mint?: string | undefined;
  readonly decimals?: string | undefined;
  readonly reason?: string | undefined;
}

// The corridor catalogue, changed at run time without a deploy. Each command prints one JSON object.
export async function runCorridorCommand(
  args: readonly string[],
  options: CorridorOptions,
  gateway: GatewayClient,
) {
  const command = args.join(' ');
  switch (command) {
    case 'list':
      return gateway.request('GET', '/ops/corridors');
    case 'flow update':
      return gateway.request(
        'PATCH',
        `/ops/corridors/flows/${encodeURIComponent(required(options.flowId, '--flow-id'))}`,
        flowChanges(options),
      );
    case 'asset activate':
      return gateway.request('PUT', '/ops/corridors/assets', {
        cryptoCurrency: required(options.crypto, '--crypto'),
        blockchain: required(options.chain, '--chain'),
        mintAddress: required(options.mint, '--mint'),
        decimals: Number(required(options.decimals, '--decimals')),
      });
    case 'route disable':
      return gateway.request('POST', '/ops/corridors/unsupported', {
        cryptoCurrency: required(options.crypto, '--crypto'),
        blockchain: required(options.chain, '--chain'),
        paymentMethod: required(options.method, '--method'),
        targetCurrency: required(options.currency, '--currency'),
        reason: required(options.reason, '--reason'),
      });
    case 'route enable': {
      const id = required(options.id, '--id');
      await gateway.request('DELETE', `/ops/corridors/unsupported/${encodeURIComponent(id)}`);
      return { id, restored: true };
    }
    default:
      throw new CliError(`Unknown corridor command: ${command}`);
  }
}

function flowChanges(options: CorridorOptions): object {
  const changes: Record<string, unknown> = {};
  if (options.enabled !== undefined) changes['enabled'] = flag(options.enabled, '--enabled');
  if (options.feeBps !== undefined) changes['feeBasisPoints'] = Number(options.feeBps);
  if (options.feeFixed !== undefined) changes['feeFixed'] = options.feeFixed;
  // `none` removes a bound.
  if (options.min !== undefined) changes['minAmount'] = options.min === 'none' ? null : options.min;
  if (options.max !== undefined) changes['maxAmount'] = options.max === 'none' ? null : options.max;
  if (Object.keys(changes).length === 0)
    throw new CliError('Nothing to change: pass --enabled, --fee-bps, --fee-fixed, --min or --max');
  return changes;
}

function flag(value: string, name: string): boolean {
  if (value !== 'true' && value !== 'false') throw new CliError(`${name} must be true or false`);
  return value === 'true';
}
