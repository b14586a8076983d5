import { Injectable } from '@nestjs/common';
import { TransactionRunner } from '@platform/database';
import { Clock } from '@shared/util';
import { WalletAuthError, WalletAuthErrorCode } from './wallet-auth.errors.js';
import { WalletAuthRepository } from './wallet-auth.repository.js';
import { WalletSessionIssuer, hashTokenId, type WalletTokens } from './wallet-session.issuer.js';
import { WalletTokenService } from './wallet-token.service.js';

const INVALID = 'Invalid or expired refresh token';

// Rotates a refresh token: it is consumed and a new pair of the same session issued. A token
// presented after it was consumed has been copied, so the whole session ends (OAuth's refresh
// token reuse detection); access tokens already issued still run out on their own.
@Injectable()
export class RefreshWalletSessionUseCase {
  constructor(
    private readonly repository: WalletAuthRepository,
    private readonly transactions: TransactionRunner,
    private readonly tokens: WalletTokenService,
    private readonly sessions: WalletSessionIssuer,
    private readonly clock: Clock,
  ) {}

  async execute(refreshToken: string): Promise<WalletTokens> {
    const now = this.clock.now();
    const claims = await this.tokens.verifyRefresh(refreshToken);
    if (!claims) throw new WalletAuthError(WalletAuthErrorCode.INVALID_REFRESH_TOKEN, INVALID);
    const jtiHash = hashTokenId(claims.jti);
    const stored = await this.repository.findRefreshToken(claims.partnerId, jtiHash);
    if (!stored || stored.expiresAt.getTime() <= now.getTime()) {
      throw new WalletAuthError(WalletAuthErrorCode.INVALID_REFRESH_TOKEN, INVALID);
    }
    if (stored.consumedAt) {
      await this.repository.endSession(stored.partnerId, stored.sessionId, now);
      throw new WalletAuthError(
        WalletAuthErrorCode.REFRESH_TOKEN_REUSED,
        'Refresh token already used; the session has ended, sign in again',
      );
    }
    return this.transactions.run(async (unit) => {
      if (!(await this.repository.consumeRefreshToken(unit, stored.partnerId, jtiHash, now))) {
        // A concurrent refresh with the same token won; it holds the session's next token.
        throw new WalletAuthError(WalletAuthErrorCode.INVALID_REFRESH_TOKEN, 'Refresh token already used');
      }
      return this.sessions.issue(unit, stored, stored.sessionId, now);
    });
  }
}
