import { Injectable } from '@nestjs/common';
import { createHmac, randomBytes } from 'node:crypto';
import { GatewayConfig } from '../core/api-gateway.config.js';

const KEY_PREFIX = 'pk_';
const DISPLAY_PREFIX_LENGTH = 10;

export interface NewApiKey {
  readonly plaintext: string;
  readonly displayPrefix: string;
  readonly hash: string;
}

// API keys are 32 random bytes behind a recognisable prefix (so secret scanners find leaks),
// stored as HMAC-SHA256 with a server-side pepper. Lookup is by hash, so no comparison of
// secrets ever happens in code.
@Injectable()
export class ApiKeyHasher {
  constructor(private readonly config: GatewayConfig) {}

  generate(): NewApiKey {
    const plaintext = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    return {
      plaintext,
      displayPrefix: plaintext.slice(0, DISPLAY_PREFIX_LENGTH),
      hash: this.hash(plaintext),
    };
  }

  hash(plaintext: string): string {
    return createHmac('sha256', this.config.API_KEY_PEPPER).update(plaintext).digest('hex');
  }
}
