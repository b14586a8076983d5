import { CliError, required, type GatewayClient } from './gateway-client.js';

export interface RateLimitOptions {
  readonly partnerId?: string | undefined;
  readonly routeClass?: string | undefined;
  readonly limit?: string | undefined;
  readonly window?: string | undefined;
  readonly page?: string | undefined;
  readonly pageSize?: string | undefined;
}

// A partner's rate limits by route class (quotes, transaction_writes, kyc_uploads, keys, reads):
// the defaults unless an operator set one. Each change is in the rate-limit audit.
export async function runRateLimitCommand(
  args: readonly string[],
  options: RateLimitOptions,
  gateway: GatewayClient,
) {
  const path = () =>
    `/ops/partners/${encodeURIComponent(required(options.partnerId, '--partner-id'))}/rate-limits`;
  switch (args.join(' ')) {
    case 'get':
      return gateway.request('GET', path());
    case 'set':
      return gateway.request('PUT', path(), {
        class: required(options.routeClass, '--class'),
        limit: integer(required(options.limit, '--limit'), '--limit'),
        ...(options.window === undefined ? {} : { windowSeconds: integer(options.window, '--window') }),
      });
    case 'clear': {
      const query =
        options.routeClass === undefined ? '' : `?class=${encodeURIComponent(options.routeClass)}`;
      return gateway.request('DELETE', `${path()}${query}`);
    }
    case 'audit':
      return gateway.request('GET', `/ops/rate-limits/audit${pageQuery(options)}`);
    default:
      throw new CliError(`Unknown rate-limit command: ${args.join(' ')}`);
  }
}

// Sent as a number, so a typo is the API's 400 rather than a string it refuses less clearly.
function integer(value: string, flag: string): number {
  if (!/^\d+$/.test(value)) throw new CliError(`${flag} must be a whole number, got ${value}`);
  return Number(value);
}

function pageQuery({ page, pageSize }: RateLimitOptions): string {
  const query = new URLSearchParams();
  if (page !== undefined) query.set('page', page);
  if (pageSize !== undefined) query.set('pageSize', pageSize);
  const text = query.toString();
  return text ? `?${text}` : '';
}
