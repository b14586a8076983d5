import { Injectable } from '@nestjs/common';
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import { ChatApiConfig } from '../core/chat-api.config.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const API_KEY_PATTERN = /^[A-Za-z0-9]{32}$/;

// Zulip API keys: 32 letters and digits. Stored as an HMAC (to authenticate) and sealed with
// AES-256-GCM (to hand back from /fetch_api_key); both keys derive from CHAT_SECRET_KEY.
@Injectable()
export class ApiKeyVault {
  private readonly hmacKey: Buffer;
  private readonly sealKey: Buffer;

  constructor(config: ChatApiConfig) {
    const secret = Buffer.from(config.CHAT_SECRET_KEY, 'utf8');
    this.hmacKey = Buffer.from(hkdfSync('sha256', secret, 'chat-api', 'api-key-hmac', 32));
    this.sealKey = Buffer.from(hkdfSync('sha256', secret, 'chat-api', 'api-key-seal', 32));
  }

  generate(): string {
    let key = '';
    for (let index = 0; index < 32; index += 1) key += ALPHABET[randomInt(ALPHABET.length)];
    return key;
  }

  hash(apiKey: string): string {
    return createHmac('sha256', this.hmacKey).update(apiKey).digest('hex');
  }

  matches(apiKey: string, storedHash: string): boolean {
    const expected = Buffer.from(storedHash, 'hex');
    const actual = Buffer.from(this.hash(apiKey), 'hex');
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }

  // base64url(iv | tag | ciphertext)
  seal(apiKey: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.sealKey, iv);
    const sealed = Buffer.concat([cipher.update(apiKey, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
  }

  unseal(sealed: string): string {
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.sealKey, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  }
}
