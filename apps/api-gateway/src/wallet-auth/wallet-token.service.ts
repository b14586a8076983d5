import { Injectable } from '@nestjs/common';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import { CHAIN_FAMILIES, type ChainFamily } from '@payout/rails';
import { Clock } from '@shared/util';
import { WalletAuthConfig } from './wallet-auth.config.js';

// Who a wallet token speaks for: a wallet acting as a user of one partner.
export interface WalletSession {
  readonly partnerId: string;
  readonly address: string;
  readonly chainFamily: ChainFamily;
  readonly chainId: string;
}

export interface RefreshTokenClaims extends WalletSession {
  readonly sessionId: string;
  readonly jti: string;
}

type TokenType = 'access' | 'refresh';

const ISSUER = 'api-gateway';
const AUDIENCE = 'payout-api';

// HS256 tokens signed with WALLET_JWT_SECRET. Both kinds share the key, so `typ` is what keeps
// a refresh token from being used as an access token and the reverse.
@Injectable()
export class WalletTokenService {
  private readonly key: Uint8Array;

  constructor(
    private readonly config: WalletAuthConfig,
    private readonly clock: Clock,
  ) {
    this.key = new TextEncoder().encode(config.WALLET_JWT_SECRET);
  }

  signAccess(session: WalletSession, issuedAt: Date): Promise<string> {
    return this.sign('access', session, issuedAt, this.config.WALLET_ACCESS_TOKEN_TTL_MS, {});
  }

  signRefresh(session: WalletSession, sessionId: string, jti: string, issuedAt: Date): Promise<string> {
    return this.sign('refresh', session, issuedAt, this.config.WALLET_REFRESH_TOKEN_TTL_MS, {
      sid: sessionId,
      jti,
    });
  }

  // Null for anything but an unexpired access token of ours.
  async verifyAccess(token: string): Promise<WalletSession | null> {
    const payload = await this.verify(token, 'access');
    return payload ? sessionOf(payload) : null;
  }

  async verifyRefresh(token: string): Promise<RefreshTokenClaims | null> {
    const payload = await this.verify(token, 'refresh');
    const session = payload ? sessionOf(payload) : null;
    if (!payload || !session || typeof payload['sid'] !== 'string' || typeof payload.jti !== 'string') {
      return null;
    }
    return { ...session, sessionId: payload['sid'], jti: payload.jti };
  }

  private sign(
    typ: TokenType,
    session: WalletSession,
    issuedAt: Date,
    ttlMs: number,
    extra: JWTPayload,
  ): Promise<string> {
    const { partnerId, address, chainFamily, chainId } = session;
    return new SignJWT({ ...extra, typ, partnerId, chainFamily, chainId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(address)
      .setIssuedAt(seconds(issuedAt.getTime()))
      .setExpirationTime(seconds(issuedAt.getTime() + ttlMs))
      .sign(this.key);
  }

  private async verify(token: string, typ: TokenType): Promise<JWTPayload | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        currentDate: this.clock.now(),
        requiredClaims: ['exp', 'iat', 'sub'],
      });
      return payload['typ'] === typ ? payload : null;
    } catch {
      return null;
    }
  }
}

function sessionOf(payload: JWTPayload): WalletSession | null {
  const { partnerId, chainFamily, chainId } = payload;
  if (typeof partnerId !== 'string' || typeof chainId !== 'string' || typeof payload.sub !== 'string') {
    return null;
  }
  if (!isChainFamily(chainFamily)) return null;
  return { partnerId, address: payload.sub, chainFamily, chainId };
}

function isChainFamily(value: unknown): value is ChainFamily {
  return (CHAIN_FAMILIES as readonly unknown[]).includes(value);
}

function seconds(milliseconds: number): number {
  return Math.floor(milliseconds / 1000);
}
