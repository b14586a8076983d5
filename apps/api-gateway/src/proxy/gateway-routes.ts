import type { GatewayConfig } from '../core/api-gateway.config.js';

// `chat` passes through untouched (chat-api authenticates its users); `chat-ops` is chat-api's
// operator routes, authenticated here with the ops key like every other /ops route.
export type Upstream = 'quote' | 'transaction' | 'kyc' | 'webhooks' | 'chat' | 'chat-ops';

// Which service owns which public path (first path segments). Paths not listed are the
// gateway's own (/partner, /ops/partners, /docs, /openapi.json, /health, /metrics). /internal
// routes are never listed: they are not reachable through the gateway.
const ROUTES: ReadonlyArray<readonly [prefix: string, upstream: Upstream]> = [
  ['/api/v1', 'chat'],
  // Uploaded files and avatars, which Zulip clients fetch at the site root, not under /api/v1.
  ['/user_uploads', 'chat'],
  ['/user_avatars', 'chat'],
  ['/quote', 'quote'],
  ['/public/corridors', 'quote'],
  ['/ops/corridors', 'quote'],
  ['/transaction', 'transaction'],
  ['/transactions', 'transaction'],
  ['/payments', 'transaction'],
  ['/solana/payments', 'transaction'],
  ['/celo/payments', 'transaction'],
  ['/qr-decoder', 'transaction'],
  ['/ops/transactions', 'transaction'],
  ['/ops/deposit-addresses', 'transaction'],
  ['/ops/deposits', 'transaction'],
  ['/ops/kyc-policies', 'transaction'],
  ['/ops/cap-usage', 'transaction'],
  ['/ops/partner-kyb', 'transaction'],
  ['/ops/refunds', 'transaction'],
  ['/ops/ledger', 'transaction'],
  ['/kyc', 'kyc'],
  ['/webhooks', 'webhooks'],
  ['/ops/chat', 'chat-ops'],
];

const SLASH = 0x2f;

export function upstreamFor(path: string, host: string | undefined, config: GatewayConfig): Upstream | null {
  if (config.CHAT_HOST && host?.split(':')[0]?.toLowerCase() === config.CHAT_HOST.toLowerCase())
    return 'chat';
  // Runs on every request: compares in place rather than building `${prefix}/` strings.
  const match = ROUTES.find(
    ([prefix]) =>
      path.startsWith(prefix) && (path.length === prefix.length || path.charCodeAt(prefix.length) === SLASH),
  );
  return match ? match[1] : null;
}

export function upstreamUrl(upstream: Upstream, config: GatewayConfig): string {
  switch (upstream) {
    case 'quote':
      return config.QUOTE_SERVICE_URL;
    case 'transaction':
      return config.TRANSACTION_SERVICE_URL;
    case 'kyc':
      return config.KYC_SERVICE_URL;
    case 'webhooks':
      return config.WEBHOOK_DISPATCHER_URL;
    case 'chat':
    case 'chat-ops':
      return config.CHAT_API_URL;
  }
}

// The largest body a request may carry: uploads (KYC documents, chat files) above the rest.
export function bodyLimitFor(
  upstream: Upstream,
  url: string,
  config: GatewayConfig,
  maxBodyBytes: number,
): number {
  if (upstream === 'kyc') return config.MAX_UPLOAD_BYTES;
  if (upstream === 'chat' && CHAT_UPLOAD_PATH.test(url)) return config.CHAT_MAX_UPLOAD_BYTES;
  if (upstream === 'chat-ops' && CHAT_IMPORT_PATH.test(url)) return config.CHAT_MAX_IMPORT_BYTES;
  return maxBodyBytes;
}

// File uploads and custom emoji uploads (an emoji image may be 5 MiB, above the common limit).
const CHAT_UPLOAD_PATH = /^\/api\/v1\/(?:user_uploads|realm\/emoji\/[^/?]+)\/?(?:\?|$)/;

// A realm export archive, the whole body of an operator's import.
const CHAT_IMPORT_PATH = /^\/ops\/chat\/realm-imports\/?(?:\?|$)/;

// The payout services whose OpenAPI documents make up the gateway's /docs.
export const PAYOUT_UPSTREAMS: readonly Upstream[] = ['quote', 'transaction', 'kyc', 'webhooks'];
