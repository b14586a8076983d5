import { Injectable } from '@nestjs/common';
import type { IncomingHttpHeaders } from 'node:http';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { InternalIdentity, PartnerIdentity } from '@shared/contracts';
import { GatewayConfig } from '../core/api-gateway.config.js';
import type { ApiKeyEntity } from '../partners/api-key.entity.js';
import { ApiKeyHasher } from '../partners/api-key.hasher.js';
import { ApiKeyUsageRecorder } from '../partners/api-key-usage.recorder.js';
import { PartnersRepository } from '../partners/partners.repository.js';
import { WalletTokenService } from '../wallet-auth/wallet-token.service.js';

export const API_KEY_HEADER = 'x-api-key';
export const OPS_KEY_HEADER = 'x-ops-api-key';

export type Authentication =
  | { readonly outcome: 'anonymous' }
  | { readonly outcome: 'authenticated'; readonly identity: InternalIdentity }
  | { readonly outcome: 'rejected'; readonly reason: string };

type PartnerAuthentication =
  | { readonly outcome: 'authenticated'; readonly identity: PartnerIdentity }
  | { readonly outcome: 'rejected'; readonly reason: string };

// A request's credential headers, with its API key's HMAC (null when it has none, a blank one, or
// an ops key, which decides alone) computed once: the key's lookup and the failed-authentication
// limiter's fingerprint both use it.
export interface PresentedCredentials {
  readonly headers: IncomingHttpHeaders;
  readonly apiKeyHash: string | null;
}

const BEARER = /^Bearer +([^\s]+) *$/i;
const ANONYMOUS: Authentication = { outcome: 'anonymous' };

// Turns the credentials a request carries into who the caller is. No credential is not an
// error here: the route decides whether it needs one. A credential that is present but wrong
// always is.
//
// Sync-first: an ops key, no credential, or an API key whose lookup is cached is answered without
// a promise (on Node 20 each one runs the AsyncLocalStorage promise hooks); a key not yet looked
// up and a bearer token are answered by one.
@Injectable()
export class CredentialAuthenticator {
  private readonly opsKeyDigest: Buffer;

  constructor(
    private readonly partners: PartnersRepository,
    private readonly hasher: ApiKeyHasher,
    private readonly walletTokens: WalletTokenService,
    private readonly keyUsage: ApiKeyUsageRecorder,
    config: GatewayConfig,
  ) {
    this.opsKeyDigest = sha256(config.OPS_API_KEY);
  }

  credentialsOf(headers: IncomingHttpHeaders): PresentedCredentials {
    const apiKey = headers[API_KEY_HEADER];
    const decidingKey = typeof headers[OPS_KEY_HEADER] !== 'string' && typeof apiKey === 'string';
    const trimmed = decidingKey ? apiKey.trim() : '';
    return { headers, apiKeyHash: trimmed ? this.hasher.hash(trimmed) : null };
  }

  authenticate({ headers, apiKeyHash }: PresentedCredentials): Authentication | Promise<Authentication> {
    const opsKey = headers[OPS_KEY_HEADER];
    if (typeof opsKey === 'string') return this.authenticateOps(opsKey);
    const byKey = typeof headers[API_KEY_HEADER] === 'string' ? this.authenticateApiKey(apiKeyHash) : null;
    const authorization = headers.authorization;
    if (typeof authorization !== 'string') return byKey ?? ANONYMOUS;
    return this.withBearer(byKey, authorization);
  }

  private authenticateOps(presented: string): Authentication {
    // Digests have equal length, so the comparison takes the same time whatever was sent.
    return timingSafeEqual(sha256(presented), this.opsKeyDigest)
      ? { outcome: 'authenticated', identity: { kind: 'ops' } }
      : { outcome: 'rejected', reason: 'Invalid operations key' };
  }

  // The key is checked before the token, as it always was.
  private async withBearer(
    byKey: PartnerAuthentication | Promise<PartnerAuthentication> | null,
    authorization: string,
  ): Promise<Authentication> {
    const key = await byKey;
    const byBearer = await this.authenticateBearer(authorization);
    return key ? bothCredentials(key, byBearer) : byBearer;
  }

  private authenticateApiKey(keyHash: string | null): PartnerAuthentication | Promise<PartnerAuthentication> {
    const key = keyHash === null ? null : this.partners.findActiveKeyByHash(keyHash);
    return key instanceof Promise ? key.then((found) => this.partnerOf(found)) : this.partnerOf(key);
  }

  private partnerOf(key: ApiKeyEntity | null): PartnerAuthentication {
    if (!key) return { outcome: 'rejected', reason: 'Invalid API key' };
    this.keyUsage.used(key.id);
    return {
      outcome: 'authenticated',
      identity: { kind: 'partner', partnerId: key.partnerId, scheme: 'api_key', walletUser: null },
    };
  }

  // Stateless: a wallet access token is short-lived, so it is checked by signature and expiry only.
  private async authenticateBearer(authorization: string): Promise<PartnerAuthentication> {
    const token = BEARER.exec(authorization)?.[1];
    if (!token) return { outcome: 'rejected', reason: 'Authorization must be "Bearer <access token>"' };
    const session = await this.walletTokens.verifyAccess(token);
    if (!session) return { outcome: 'rejected', reason: 'Invalid or expired bearer token' };
    return {
      outcome: 'authenticated',
      identity: {
        kind: 'partner',
        partnerId: session.partnerId,
        scheme: 'bearer',
        walletUser: session.address,
      },
    };
  }
}

// "Sending both is safe": a partner's server may call on behalf of a signed-in wallet with its
// key and the wallet's token. Both must hold and name the same partner; the request then acts
// as that wallet user, the narrower of the two identities.
function bothCredentials(byKey: PartnerAuthentication, byBearer: PartnerAuthentication): Authentication {
  if (byKey.outcome === 'rejected') return byKey;
  if (byBearer.outcome === 'rejected') return byBearer;
  if (byKey.identity.partnerId !== byBearer.identity.partnerId) {
    return { outcome: 'rejected', reason: 'X-API-Key and bearer token belong to different partners' };
  }
  return byBearer;
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
