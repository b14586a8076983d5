import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { IdGenerator } from '@shared/util';
import type { UnitOfWork } from '@platform/database';
import { WalletAuthConfig } from './wallet-auth.config.js';
import { WalletAuthRepository } from './wallet-auth.repository.js';
import { WalletTokenService, type WalletSession } from './wallet-token.service.js';

export interface WalletTokens {
  // The access token, sent as `Authorization: Bearer <token>`.
  readonly token: string;
  readonly refreshToken: string;
  // Lifetimes in seconds.
  readonly expiresIn: number;
  readonly refreshExpiresIn: number;
}

export function hashTokenId(jti: string): string {
  return createHash('sha256').update(jti).digest('hex');
}

// Issues an access and refresh token pair, recording the refresh token in the caller's
// transaction so that it exists exactly when the challenge or the previous token is consumed.
@Injectable()
export class WalletSessionIssuer {
  constructor(
    private readonly repository: WalletAuthRepository,
    private readonly tokens: WalletTokenService,
    private readonly config: WalletAuthConfig,
    private readonly ids: IdGenerator,
  ) {}

  async issue(unit: UnitOfWork, session: WalletSession, sessionId: string, now: Date): Promise<WalletTokens> {
    const jti = this.ids.uuid();
    await this.repository.insertRefreshToken(unit, {
      jtiHash: hashTokenId(jti),
      sessionId,
      partnerId: session.partnerId,
      address: session.address,
      chainFamily: session.chainFamily,
      chainId: session.chainId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.config.WALLET_REFRESH_TOKEN_TTL_MS),
      consumedAt: null,
    });
    return {
      token: await this.tokens.signAccess(session, now),
      refreshToken: await this.tokens.signRefresh(session, sessionId, jti, now),
      expiresIn: Math.floor(this.config.WALLET_ACCESS_TOKEN_TTL_MS / 1000),
      refreshExpiresIn: Math.floor(this.config.WALLET_REFRESH_TOKEN_TTL_MS / 1000),
    };
  }
}
