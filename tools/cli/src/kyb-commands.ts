import { CliError, required, type GatewayClient } from './gateway-client.js';

export interface KybOptions {
  readonly partnerId?: string | undefined;
  readonly status?: string | undefined;
  readonly limit?: string | undefined;
}

// A partner's business verification (KYB): approved (never set), pending (its completed volume
// limited) or rejected (no new transaction). Each change is in the KYB audit.
export async function runKybCommand(args: readonly string[], options: KybOptions, gateway: GatewayClient) {
  const path = () => `/ops/partner-kyb/${encodeURIComponent(required(options.partnerId, '--partner-id'))}`;
  switch (args.join(' ')) {
    case 'list':
      return gateway.request('GET', '/ops/partner-kyb');
    case 'get':
      return gateway.request('GET', path());
    case 'set':
      return setKyb(gateway, path(), required(options.status, '--status'), options.limit);
    default:
      throw new CliError(`Unknown kyb command: ${args.join(' ')}`);
  }
}

// `limit` in source units; `default` (or absent) is KYB_PENDING_LIMIT.
export function setKyb(gateway: GatewayClient, path: string, status: string, limit?: string) {
  return gateway.request('PUT', path, {
    status,
    pendingLimit: limit === undefined || limit === 'default' ? null : limit,
  });
}
