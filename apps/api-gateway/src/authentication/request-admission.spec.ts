import { describe, expect, it } from '@jest/globals';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { GatewayConfig } from '../core/api-gateway.config.js';
import type { ApiKeyEntity } from '../partners/api-key.entity.js';
import { ApiKeyHasher } from '../partners/api-key.hasher.js';
import type { ApiKeyUsageRecorder } from '../partners/api-key-usage.recorder.js';
import type { PartnersRepository } from '../partners/partners.repository.js';
import type { FailedAuthenticationLimiter } from '../rate-limits/failed-authentication.limiter.js';
import type { PartnerRateLimiter } from '../rate-limits/partner-rate-limiter.js';
import type { RateLimitsConfig } from '../rate-limits/rate-limits.config.js';
import type { WalletTokenService } from '../wallet-auth/wallet-token.service.js';
import { CredentialAuthenticator } from './credential-authenticator.js';
import { RequestAdmission, type Admission } from './request-admission.js';

const API_KEY = 'pk_partner-key';
const ADDRESS = '203.0.113.7';
const config = { API_KEY_PEPPER: 'pepper-'.repeat(6), OPS_API_KEY: 'ops-key-'.repeat(5) } as GatewayConfig;
const hasher = new ApiKeyHasher(config);
const KEY = { id: 'key-1', partnerId: 'partner-1' } as ApiKeyEntity;

type Lookup = (keyHash: string) => ApiKeyEntity | null | Promise<ApiKeyEntity | null>;

// A RequestAdmission over the real authenticator, with the key lookup given and the limiters
// writing down what they are asked, in order.
function admissionWith(lookup: Lookup) {
  const events: string[] = [];
  const partners = { findActiveKeyByHash: lookup } as unknown as PartnersRepository;
  const keyUsage = { used: (id: string) => events.push(`used ${id}`) } as unknown as ApiKeyUsageRecorder;
  const authenticator = new CredentialAuthenticator(
    partners,
    hasher,
    {} as WalletTokenService,
    keyUsage,
    config,
  );
  const failedAuthentications = {
    admit: (address: string, fingerprint: string) => {
      events.push(`hold ${address} ${fingerprint}`);
      return { release: () => events.push('release') };
    },
    failed: (address: string) => events.push(`failed ${address}`),
  } as unknown as FailedAuthenticationLimiter;
  const partnerLimits = {
    admit: () => ({ headers: { 'RateLimit-Limit': '100' }, refusal: null }),
  } as unknown as PartnerRateLimiter;
  const sut = new RequestAdmission(authenticator, failedAuthentications, partnerLimits, {
    TRUSTED_PROXY_HOPS: 0,
  } as RateLimitsConfig);
  const headersSet: Record<string, unknown> = {};
  const response = {
    setHeader: (name: string, value: unknown) => (headersSet[name] = value),
  } as unknown as ServerResponse;
  const admit = (headers: IncomingHttpHeaders) =>
    sut.admit(
      { headers, method: 'GET', socket: { remoteAddress: ADDRESS } } as unknown as IncomingMessage,
      response,
      '/transaction/1',
    );
  return { admit, events, headersSet };
}

const ADMITTED: Admission = {
  admitted: true,
  identity: { kind: 'partner', partnerId: 'partner-1', scheme: 'api_key', walletUser: null },
};

describe(RequestAdmission.name, () => {
  it('admits an API key already looked up at once, its HMAC holding its place while it is checked', () => {
    const { admit, events, headersSet } = admissionWith(() => KEY);

    expect(admit({ 'x-api-key': API_KEY })).toEqual(ADMITTED);
    expect(events).toEqual([`hold ${ADDRESS} ${hasher.hash(API_KEY)}`, 'used key-1', 'release']);
    expect(headersSet).toEqual({ 'RateLimit-Limit': '100' });
  });

  it('refuses an unknown key at once with a 401 counted against the address, after the place is released', () => {
    const { admit, events } = admissionWith(() => null);

    expect(admit({ 'x-api-key': API_KEY })).toEqual({
      admitted: false,
      refusal: {
        status: 401,
        body: {
          message: 'Invalid API key',
          code: 'authentication_failed',
          reason: 'Invalid API key',
          retryable: false,
        },
      },
    });
    expect(events).toEqual([`hold ${ADDRESS} ${hasher.hash(API_KEY)}`, 'release', `failed ${ADDRESS}`]);
  });

  it('holds the place of a key still being looked up until the lookup ends', async () => {
    let found: (key: ApiKeyEntity) => void = () => undefined;
    const { admit, events } = admissionWith(() => new Promise((resolve) => (found = resolve)));

    const admission = admit({ 'x-api-key': API_KEY });
    expect(admission).toBeInstanceOf(Promise);
    expect(events).toEqual([`hold ${ADDRESS} ${hasher.hash(API_KEY)}`]);
    found(KEY);
    expect(await admission).toEqual(ADMITTED);
    expect(events).toEqual([`hold ${ADDRESS} ${hasher.hash(API_KEY)}`, 'used key-1', 'release']);
  });

  it('releases the place when the lookup fails, late or at once', async () => {
    const late = admissionWith(() => Promise.reject(new Error('database down')));
    await expect(late.admit({ 'x-api-key': API_KEY })).rejects.toThrow('database down');
    expect(late.events).toEqual([`hold ${ADDRESS} ${hasher.hash(API_KEY)}`, 'release']);

    const atOnce = admissionWith(() => {
      throw new Error('pool closed');
    });
    expect(() => atOnce.admit({ 'x-api-key': API_KEY })).toThrow('pool closed');
    expect(atOnce.events).toEqual([`hold ${ADDRESS} ${hasher.hash(API_KEY)}`, 'release']);
  });

  it('fingerprints any other credentials by a digest of the headers, never the key itself', () => {
    const { admit, events } = admissionWith(() => KEY);

    admit({ 'x-api-key': API_KEY, 'x-ops-api-key': 'wrong' });
    const [hold] = events;
    const fingerprint = hold?.split(' ')[2] ?? '';
    expect(fingerprint).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(fingerprint).not.toBe(hasher.hash(API_KEY));
  });

  it('admits a request without credentials at once, holding no place', () => {
    const { admit, events } = admissionWith(() => KEY);

    expect(admit({})).toEqual({ admitted: true, identity: null });
    expect(events).toEqual([]);
  });
});
