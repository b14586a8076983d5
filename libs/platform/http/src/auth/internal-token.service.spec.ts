import { describe, expect, it } from '@jest/globals';
import { SignJWT } from 'jose';
import { ServiceName, type InternalIdentity } from '@shared/contracts';
import { InternalTokenService } from './internal-token.service.js';

const secret = 'a-secret-that-is-long-enough-for-hs256!';
const partner: InternalIdentity = { kind: 'partner', partnerId: 'p-1', scheme: 'api_key', walletUser: null };

describe(InternalTokenService.name, () => {
  const sut = new InternalTokenService(secret);

  it('round-trips every kind of identity', async () => {
    for (const identity of [
      partner,
      { kind: 'ops' } as const,
      { kind: 'service', service: ServiceName.QuoteService } as const,
    ]) {
      expect(await sut.verify(await sut.sign(identity))).toEqual(identity);
    }
  });

  it('rejects a token signed with another secret', async () => {
    const forged = await new InternalTokenService('another-secret-that-is-long-enough!!').sign(partner);
    expect(await sut.verify(forged)).toBeNull();
  });

  it('rejects an expired token', async () => {
    const expired = await new SignJWT({ identity: partner })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('platform')
      .setAudience('platform-services')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode(secret));
    expect(await sut.verify(expired)).toBeNull();
  });

  it('rejects garbage and tokens without an identity', async () => {
    const empty = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('platform')
      .setAudience('platform-services')
      .setExpirationTime('1m')
      .sign(new TextEncoder().encode(secret));
    expect(await sut.verify('not-a-token')).toBeNull();
    expect(await sut.verify(empty)).toBeNull();
  });

  it('reuses a signed token while it is fresh', async () => {
    let now = Date.now();
    const sut = new InternalTokenService(secret, () => now);
    const first = await sut.sign(partner);
    now += 29_000;
    expect(await sut.sign(partner)).toBe(first);
    expect(await sut.sign({ kind: 'ops' })).not.toBe(first);
  });

  it('hands out the reusable token at once, and none before one is signed or once it is stale', async () => {
    let now = Date.now();
    const sut = new InternalTokenService(secret, () => now);
    expect(sut.reusableToken(partner)).toBeUndefined();
    const token = await sut.sign(partner);
    expect(sut.reusableToken({ ...partner })).toBe(token);
    now += 30_000;
    expect(sut.reusableToken(partner)).toBeUndefined();
  });

  it('stops accepting a remembered token once it expires', async () => {
    let now = Date.now();
    const sut = new InternalTokenService(secret, () => now);
    const token = await sut.sign(partner);
    expect(await sut.verify(token)).toEqual(partner);

    now += 61_000;

    expect(await sut.verify(token)).toBeNull();
  });
});
