import { describe, expect, it } from '@jest/globals';
import type { GatewayConfig } from '../core/api-gateway.config.js';
import { bodyLimitFor, upstreamFor } from './gateway-routes.js';

const config = { CHAT_HOST: undefined } as GatewayConfig;

describe(upstreamFor.name, () => {
  it.each([
    ['/quote', 'quote'],
    ['/quote/reverse', 'quote'],
    ['/quote/onramp', 'quote'],
    ['/public/corridors', 'quote'],
    ['/ops/corridors/flows/0b9d7c3e-0000-4000-8000-000000000000', 'quote'],
    ['/transaction', 'transaction'],
    ['/transaction/0b9d7c3e-0000-4000-8000-000000000000', 'transaction'],
    ['/transactions/list', 'transaction'],
    ['/payments/notify', 'transaction'],
    ['/solana/payments/notify', 'transaction'],
    ['/celo/payments/notify', 'transaction'],
    ['/qr-decoder/br', 'transaction'],
    ['/ops/transactions/reconcile-hash', 'transaction'],
    ['/ops/deposit-addresses', 'transaction'],
    ['/ops/kyc-policies/0b9d7c3e-0000-4000-8000-000000000000', 'transaction'],
    ['/ops/cap-usage/0b9d7c3e-0000-4000-8000-000000000000', 'transaction'],
    ['/ops/ledger', 'transaction'],
    ['/kyc', 'kyc'],
    ['/kyc/status', 'kyc'],
    ['/webhooks/endpoint', 'webhooks'],
    ['/api/v1/messages', 'chat'],
    ['/user_uploads/2/ab/XyZ/report.pdf', 'chat'],
    ['/user_avatars/2/emoji/images/1.png', 'chat'],
    ['/ops/chat/realms', 'chat-ops'],
  ])('routes %s to %s', (path, upstream) => {
    expect(upstreamFor(path, 'localhost', config)).toBe(upstream);
  });

  it.each([
    '/partner',
    '/ops/partners',
    '/docs',
    '/openapi.json',
    '/health/ready',
    '/quotes',
    '/internal/verify',
    '/api/v10',
  ])('keeps %s at the gateway', (path) => {
    expect(upstreamFor(path, 'localhost', config)).toBeNull();
  });

  it('sends every path of the chat host to chat-api when routing by host', () => {
    const byHost = { CHAT_HOST: 'chat.example.com' } as GatewayConfig;
    expect(upstreamFor('/quote', 'chat.example.com:443', byHost)).toBe('chat');
    expect(upstreamFor('/quote', 'api.example.com', byHost)).toBe('quote');
  });
});

describe(bodyLimitFor.name, () => {
  const limits = {
    MAX_UPLOAD_BYTES: 9_000,
    CHAT_MAX_UPLOAD_BYTES: 26_000,
    CHAT_MAX_IMPORT_BYTES: 2_000_000,
  } as GatewayConfig;

  it.each([
    ['kyc', '/kyc/documents', 9_000],
    ['chat', '/api/v1/user_uploads', 26_000],
    ['chat', '/api/v1/user_uploads?client=x', 26_000],
    ['chat', '/api/v1/user_uploads/2/ab/XyZ/a.txt', 1_000],
    ['chat', '/api/v1/realm/emoji/green_tick', 26_000],
    ['chat', '/api/v1/realm/emoji', 1_000],
    ['chat', '/api/v1/messages', 1_000],
    ['chat-ops', '/ops/chat/realm-imports?host=acme.example.com', 2_000_000],
    ['chat-ops', '/ops/chat/realm-exports', 1_000],
    ['quote', '/quote', 1_000],
  ] as const)('gives %s %s a body of %d bytes at most', (upstream, url, limit) => {
    expect(bodyLimitFor(upstream, url, limits, 1_000)).toBe(limit);
  });
});
