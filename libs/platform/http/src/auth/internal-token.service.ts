import { SignJWT, jwtVerify } from 'jose';
import type { InternalIdentity } from '@shared/contracts';

const ISSUER = 'platform';
const AUDIENCE = 'platform-services';
// Long enough for one hop through the gateway, short enough that a leaked token is useless.
const TOKEN_TTL_SECONDS = 60;

// Short-lived HS256 tokens carrying an InternalIdentity, signed with INTERNAL_AUTH_SECRET.
export class InternalTokenService {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(identity: InternalIdentity): Promise<string> {
    return new SignJWT({ identity })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${TOKEN_TTL_SECONDS}s`)
      .sign(this.key);
  }

  // Null for anything that is not a valid, unexpired token of ours.
  async verify(token: string): Promise<InternalIdentity | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      return isIdentity(payload['identity']) ? payload['identity'] : null;
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
