import { describe, expect, it } from '@jest/globals';
import { SignJWT } from 'jose';
import { FixedClock } from '@shared/util';
import { WalletAuthConfig } from './wallet-auth.config.js';
import { WalletTokenService, type WalletSession } from './wallet-token.service.js';

const SECRET = 'wallet-jwt-secret-for-unit-tests-0123456789';
const session: WalletSession = {
  partnerId: '6f1c3a52-6c1e-4d3e-9d39-2a8f3a4b5c6d',
  address: 'GBGKILE3KEGRSNBF4W7OBSETY2L7TJEGX6N7OPLRPO6LS557MMIBLAAQ',
  chainFamily: 'stellar',
  chainId: 'stellar:pubnet',
};

function configWith(secret: string): WalletAuthConfig {
  return Object.assign(new WalletAuthConfig(), { WALLET_JWT_SECRET: secret });
}

describe(WalletTokenService.name, () => {
  const clock = new FixedClock(new Date('2026-01-01T00:00:00Z'));
  const sut = new WalletTokenService(configWith(SECRET), clock);

  it('round-trips an access token and a refresh token', async () => {
    const access = await sut.signAccess(session, clock.now());
    const refresh = await sut.signRefresh(session, 'session-1', 'jti-1', clock.now());

    expect(await sut.verifyAccess(access)).toEqual(session);
    expect(await sut.verifyRefresh(refresh)).toEqual({ ...session, sessionId: 'session-1', jti: 'jti-1' });
  });

  it('never takes one kind of token for the other', async () => {
    const access = await sut.signAccess(session, clock.now());
    const refresh = await sut.signRefresh(session, 'session-1', 'jti-1', clock.now());

    expect(await sut.verifyAccess(refresh)).toBeNull();
    expect(await sut.verifyRefresh(access)).toBeNull();
  });

  it('expires an access token after 15 minutes and a refresh token after 7 days', async () => {
    const issuedAt = clock.now();
    const access = await sut.signAccess(session, issuedAt);
    const refresh = await sut.signRefresh(session, 'session-1', 'jti-1', issuedAt);
    const at = (ms: number) =>
      new WalletTokenService(configWith(SECRET), new FixedClock(new Date(issuedAt.getTime() + ms)));

    expect(await at(15 * 60_000 - 1_000).verifyAccess(access)).toEqual(session);
    expect(await at(15 * 60_000).verifyAccess(access)).toBeNull();
    expect(await at(7 * 24 * 3_600_000 - 1_000).verifyRefresh(refresh)).not.toBeNull();
    expect(await at(7 * 24 * 3_600_000).verifyRefresh(refresh)).toBeNull();
  });

  it('refuses a token signed with another secret, garbage and foreign claims', async () => {
    const other = new WalletTokenService(configWith(`${SECRET}-other`), clock);
    const unsigned = await new SignJWT({ typ: 'access', partnerId: 'p', chainFamily: 'cosmos', chainId: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('api-gateway')
      .setAudience('payout-api')
      .setSubject('someone')
      .setIssuedAt(clock.now())
      .setExpirationTime(new Date(clock.now().getTime() + 60_000))
      .sign(new TextEncoder().encode(SECRET));

    expect(await sut.verifyAccess(await other.signAccess(session, clock.now()))).toBeNull();
    expect(await sut.verifyAccess('not.a.token')).toBeNull();
    expect(await sut.verifyAccess(unsigned)).toBeNull();
  });
});
