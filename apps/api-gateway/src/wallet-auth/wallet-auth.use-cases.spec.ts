import { beforeEach, describe, expect, it } from '@jest/globals';
import { Keypair } from '@stellar/stellar-sdk';
import type { TransactionRunner, UnitOfWork } from '@platform/database';
import { FixedClock, RandomIdGenerator } from '@shared/util';
import { CreateWalletChallengeUseCase } from './create-wallet-challenge.use-case.js';
import { RefreshWalletSessionUseCase } from './refresh-wallet-session.use-case.js';
import { VerifyWalletChallengeUseCase } from './verify-wallet-challenge.use-case.js';
import { WalletAuthConfig } from './wallet-auth.config.js';
import { WalletAuthError, WalletAuthErrorCode } from './wallet-auth.errors.js';
import type { WalletAuthRepository } from './wallet-auth.repository.js';
import type { WalletChallengeEntity } from './wallet-challenge.entity.js';
import type { WalletRefreshTokenEntity } from './wallet-refresh-token.entity.js';
import { WalletSessionIssuer, type WalletTokens } from './wallet-session.issuer.js';
import { WalletSignatureVerifiers } from './wallet-signature.verifiers.js';
import { WalletTokenService } from './wallet-token.service.js';

const PARTNER_ID = '6f1c3a52-6c1e-4d3e-9d39-2a8f3a4b5c6d';
const MINUTE = 60_000;

// The repository's contract over maps; `racing` makes the next atomic consume lose to another request.
class InMemoryWalletAuthRepository {
  readonly challenges = new Map<string, WalletChallengeEntity>();
  readonly refreshTokens = new Map<string, WalletRefreshTokenEntity>();
  racing = false;

  async insertChallenge(challenge: WalletChallengeEntity): Promise<void> {
    this.challenges.set(challenge.id, { ...challenge });
  }

  async findChallenge(id: string): Promise<WalletChallengeEntity | null> {
    const found = this.challenges.get(id);
    return found ? { ...found } : null;
  }

  async consumeChallenge(_unit: UnitOfWork, partnerId: string, id: string, at: Date): Promise<boolean> {
    return this.consume(this.challenges.get(id), partnerId, at);
  }

  async insertRefreshToken(_unit: UnitOfWork, token: WalletRefreshTokenEntity): Promise<void> {
    this.refreshTokens.set(token.jtiHash, { ...token });
  }

  async findRefreshToken(partnerId: string, jtiHash: string): Promise<WalletRefreshTokenEntity | null> {
    const found = this.refreshTokens.get(jtiHash);
    return found && found.partnerId === partnerId ? { ...found } : null;
  }

  async consumeRefreshToken(
    _unit: UnitOfWork,
    partnerId: string,
    jtiHash: string,
    at: Date,
  ): Promise<boolean> {
    return this.consume(this.refreshTokens.get(jtiHash), partnerId, at);
  }

  async endSession(partnerId: string, sessionId: string, at: Date): Promise<void> {
    for (const token of this.refreshTokens.values()) {
      if (token.partnerId === partnerId && token.sessionId === sessionId) token.consumedAt ??= at;
    }
  }

  async purgeExpiredBefore(): Promise<void> {}

  private consume(
    row: { partnerId: string; consumedAt: Date | null; expiresAt: Date } | undefined,
    partnerId: string,
    at: Date,
  ): boolean {
    if (this.racing) {
      this.racing = false;
      return false;
    }
    if (!row || row.partnerId !== partnerId || row.consumedAt || row.expiresAt <= at) return false;
    row.consumedAt = at;
    return true;
  }
}

async function failureOf(work: Promise<unknown>): Promise<{ code: WalletAuthErrorCode; reason: string }> {
  try {
    await work;
  } catch (error) {
    if (error instanceof WalletAuthError) return { code: error.code, reason: error.reason };
    throw error;
  }
  throw new Error('expected a WalletAuthError');
}

describe('wallet sign-in use cases', () => {
  const config = Object.assign(new WalletAuthConfig(), {
    WALLET_JWT_SECRET: 'wallet-jwt-secret-for-unit-tests-0123456789',
  });
  const wallet = Keypair.random();
  let clock: FixedClock;
  let repository: InMemoryWalletAuthRepository;
  let challenges: CreateWalletChallengeUseCase;
  let verification: VerifyWalletChallengeUseCase;
  let refresh: RefreshWalletSessionUseCase;

  beforeEach(() => {
    clock = new FixedClock(new Date('2026-03-01T12:00:00Z'));
    repository = new InMemoryWalletAuthRepository();
    const ids = new RandomIdGenerator();
    const store = repository as unknown as WalletAuthRepository;
    const transactions = {
      run: (work: (unit: UnitOfWork) => Promise<unknown>) => work({} as UnitOfWork),
    } as unknown as TransactionRunner;
    const tokens = new WalletTokenService(config, clock);
    const sessions = new WalletSessionIssuer(store, tokens, config, ids);
    challenges = new CreateWalletChallengeUseCase(store, config, clock, ids);
    verification = new VerifyWalletChallengeUseCase(
      store,
      transactions,
      new WalletSignatureVerifiers(),
      sessions,
      clock,
      ids,
    );
    refresh = new RefreshWalletSessionUseCase(store, transactions, tokens, sessions, clock);
  });

  const proofFor = async () => {
    const challenge = await challenges.execute(PARTNER_ID, { address: wallet.publicKey() });
    return {
      challengeToken: challenge.challengeToken,
      address: wallet.publicKey(),
      signature: wallet.sign(Buffer.from(challenge.message, 'utf8')).toString('base64'),
    };
  };

  describe(VerifyWalletChallengeUseCase.name, () => {
    it('accepts the proof until the last millisecond of the challenge, not at its expiry', async () => {
      const early = await proofFor();
      const late = await proofFor();

      clock.advanceBy(5 * MINUTE - 1);
      await verification.execute(early);
      clock.advanceBy(1);

      expect(await failureOf(verification.execute(late))).toEqual({
        code: WalletAuthErrorCode.CHALLENGE_EXPIRED,
        reason: 'Challenge expired',
      });
    });

    it('consumes the challenge once and records a refresh token of a new session', async () => {
      const proof = await proofFor();

      await verification.execute(proof);

      expect(repository.challenges.get(proof.challengeToken)?.consumedAt).toEqual(clock.now());
      expect([...repository.refreshTokens.values()]).toEqual([
        expect.objectContaining({ partnerId: PARTNER_ID, address: wallet.publicKey(), consumedAt: null }),
      ]);
      expect((await failureOf(verification.execute(proof))).code).toBe(WalletAuthErrorCode.CHALLENGE_USED);
    });

    it('issues nothing when a concurrent verification consumed the challenge first', async () => {
      const proof = await proofFor();
      repository.racing = true;

      expect(await failureOf(verification.execute(proof))).toEqual({
        code: WalletAuthErrorCode.CHALLENGE_USED,
        reason: 'Challenge already used',
      });
      expect(repository.refreshTokens.size).toBe(0);
    });
  });

  describe(RefreshWalletSessionUseCase.name, () => {
    let signedIn: WalletTokens;

    beforeEach(async () => {
      signedIn = await verification.execute(await proofFor());
    });

    it('rotates the refresh token within the same session', async () => {
      clock.advanceBy(MINUTE);

      const next = await refresh.execute(signedIn.refreshToken);

      const rows = [...repository.refreshTokens.values()];
      expect(rows.map((row) => row.consumedAt)).toEqual([clock.now(), null]);
      expect(new Set(rows.map((row) => row.sessionId)).size).toBe(1);
      expect(next.refreshToken).not.toBe(signedIn.refreshToken);
    });

    it('ends the session when a consumed refresh token is presented again', async () => {
      const next = await refresh.execute(signedIn.refreshToken);

      expect((await failureOf(refresh.execute(signedIn.refreshToken))).code).toBe(
        WalletAuthErrorCode.REFRESH_TOKEN_REUSED,
      );
      expect((await failureOf(refresh.execute(next.refreshToken))).code).toBe(
        WalletAuthErrorCode.REFRESH_TOKEN_REUSED,
      );
    });

    it('refuses a refresh token after 7 days', async () => {
      clock.advanceBy(7 * 24 * 60 * MINUTE);

      expect(await failureOf(refresh.execute(signedIn.refreshToken))).toEqual({
        code: WalletAuthErrorCode.INVALID_REFRESH_TOKEN,
        reason: 'Invalid or expired refresh token',
      });
    });

    it('issues nothing when a concurrent refresh with the same token won', async () => {
      repository.racing = true;

      expect(await failureOf(refresh.execute(signedIn.refreshToken))).toEqual({
        code: WalletAuthErrorCode.INVALID_REFRESH_TOKEN,
        reason: 'Refresh token already used',
      });
      expect(repository.refreshTokens.size).toBe(1);
    });
  });
});
