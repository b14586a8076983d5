import { SignJWT, jwtVerify } from 'jose';
import type { InternalIdentity } from '@shared/contracts';
import { ExpiringCache } from './expiring-cache.js';

const ISSUER = 'platform';
const AUDIENCE = 'platform-services';
// Long enough for one hop through the gateway, short enough that a leaked token is useless.
const TOKEN_TTL_SECONDS = 60;

// A signed token is reused for half its life: every request of a caller would otherwise pay a
// signature on the gateway and a verification on the service.
const REUSE_MS = (TOKEN_TTL_SECONDS * 1000) / 2;
const CACHED_TOKENS = 10_000;

// Short-lived HS256 tokens carrying an InternalIdentity, signed with INTERNAL_AUTH_SECRET.
export class InternalTokenService {
  private readonly key: Uint8Array;
  private readonly signed = new ExpiringCache<string>(CACHED_TOKENS);
  private readonly known = new ExpiringCache<InternalIdentity>(CACHED_TOKENS);

  constructor(
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(identity: InternalIdentity): Promise<string> {
    const reusable = this.reusableToken(identity);
    if (reusable) return reusable;
    const token = await this.signFresh(identity);
    this.signed.set(JSON.stringify(identity), token, this.now() + REUSE_MS);
    return token;
  }

  // The token already signed for `identity` while it may still be reused, without waiting on a
  // promise: a proxy asks this first on every request and signs only when it answers undefined.
  reusableToken(identity: InternalIdentity): string | undefined {
    return this.signed.get(JSON.stringify(identity), this.now());
  }

  private signFresh(identity: InternalIdentity): Promise<string> {
    return new SignJWT({ identity })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${TOKEN_TTL_SECONDS}s`)
      .sign(this.key);
  }

  // The identity of a token already verified and not yet expired, without waiting on a promise:
  // a service asks this first on every request and verifies only when it answers undefined.
  verified(token: string): InternalIdentity | undefined {
    return this.known.get(token, this.now());
  }

  // Null for anything that is not a valid, unexpired token of ours. A verified token is
  // remembered until it expires.
  async verify(token: string): Promise<InternalIdentity | null> {
    const known = this.verified(token);
    if (known) return known;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        currentDate: new Date(this.now()),
      });
      if (!isIdentity(payload['identity']) || payload.exp === undefined) return null;
      this.known.set(token, payload['identity'], payload.exp * 1000);
      return payload['identity'];
    } catch {
      return null;
    }
  }
}

function isIdentity(value: unknown): value is InternalIdentity {
  if (typeof value !== 'object' || value === null) return false;
  const kind = (value as { kind?: unknown }).kind;
  return kind === 'partner' || kind === 'ops' || kind === 'service';
}
