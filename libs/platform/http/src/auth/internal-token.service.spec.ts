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
});
