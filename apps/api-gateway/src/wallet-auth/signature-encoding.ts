import { decodeBase58 as decodeBase58Number, toBeArray } from 'ethers';

export const ED25519_SIGNATURE_BYTES = 64;

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;

// Standard or URL-safe base64, padded or not; null unless it decodes to exactly `length` bytes.
export function decodeBase64(text: string, length: number): Uint8Array | null {
  if (!BASE64.test(text) || text.replace(/=+$/, '').length !== Math.ceil((length * 4) / 3)) return null;
  const bytes = Buffer.from(text, 'base64');
  return bytes.length === length ? new Uint8Array(bytes) : null;
}

// Bitcoin-alphabet base58 (what Solana wallets print); null unless it decodes to `length` bytes.
export function decodeBase58(text: string, length: number): Uint8Array | null {
  if (!BASE58.test(text)) return null;
  // Each leading '1' stands for a zero byte, which the numeric decoding would drop.
  const zeros = /^1*/.exec(text)?.[0].length ?? 0;
  const rest = text.slice(zeros);
  const body = rest ? toBeArray(decodeBase58Number(rest)) : new Uint8Array(0);
  if (zeros + body.length !== length) return null;
  const bytes = new Uint8Array(length);
  bytes.set(body, zeros);
  return bytes;
}
