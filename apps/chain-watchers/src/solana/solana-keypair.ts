import { Keypair } from '@solana/web3.js';
import { decodeBase58 } from './base58.js';

// A Solana secret key as base58 (wallet export) or a JSON array of 64 bytes (CLI keypair file).
export function solanaKeypair(secret: string): Keypair {
  const trimmed = secret.trim();
  const bytes = trimmed.startsWith('[')
    ? Uint8Array.from(JSON.parse(trimmed) as number[])
    : decodeBase58(trimmed);
  return Keypair.fromSecretKey(bytes);
}
