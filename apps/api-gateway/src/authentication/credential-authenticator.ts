import { Injectable } from '@nestjs/common';
import type { IncomingHttpHeaders } from 'node:http';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { InternalIdentity } from '@shared/contracts';
import { GatewayConfig } from '../api-gateway.config.js';
import { ApiKeyHasher } from '../partners/api-key.hasher.js';
import { PartnersRepository } from '../partners/partners.repository.js';

export const API_KEY_HEADER = 'x-api-key';
export const OPS_KEY_HEADER = 'x-ops-api-key';

export type Authentication =
  | { readonly outcome: 'anonymous' }
  | { readonly outcome: 'authenticated'; readonly identity: InternalIdentity }
  | { readonly outcome: 'rejected'; readonly reason: string };

// Turns the credentials a request carries into who the caller is. No credential is not an
// error here: the route decides whether it needs one. A credential that is present but wrong
// always is.
@Injectable()
export class CredentialAuthenticator {
  private readonly opsKeyDigest: Buffer;

  constructor(
    private readonly partners: PartnersRepository,
    private readonly hasher: ApiKeyHasher,
    config: GatewayConfig,
  ) {
    this.opsKeyDigest = sha256(config.OPS_API_KEY);
  }

  async authenticate(headers: IncomingHttpHeaders): Promise<Authentication> {
    const opsKey = headers[OPS_KEY_HEADER];
    const apiKey = headers[API_KEY_HEADER];
    const authorization = headers.authorization;
    if (typeof opsKey === 'string') return this.authenticateOps(opsKey);
    if (typeof apiKey === 'string') return this.authenticateApiKey(apiKey);
    if (typeof authorization === 'string') {
      return { outcome: 'rejected', reason: 'Invalid or expired bearer token' };
    }
    return { outcome: 'anonymous' };
  }

  private authenticateOps(presented: string): Authentication {
    // Digests have equal length, so the comparison takes the same time whatever was sent.
    return timingSafeEqual(sha256(presented), this.opsKeyDigest)
      ? { outcome: 'authenticated', identity: { kind: 'ops' } }
      : { outcome: 'rejected', reason: 'Invalid operations key' };
  }

  private async authenticateApiKey(presented: string): Promise<Authentication> {
    const key = presented.trim()
      ? await this.partners.findActiveKeyByHash(this.hasher.hash(presented.trim()))
      : null;
    if (!key) return { outcome: 'rejected', reason: 'Invalid API key' };
    return {
      outcome: 'authenticated',
      identity: { kind: 'partner', partnerId: key.partnerId, scheme: 'api_key', walletUser: null },
    };
  }
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
