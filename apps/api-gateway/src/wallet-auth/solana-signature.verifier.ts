import { createPublicKey, verify } from 'node:crypto';
import { PublicKey } from '@solana/web3.js';
import { ED25519_SIGNATURE_BYTES, decodeBase58, decodeBase64 } from './signature-encoding.js';
import type { SignatureCheck, WalletSignatureVerifier } from './wallet-signature.verifier.js';

// ed25519 over the UTF-8 message (what `signMessage` of Solana wallets does); the signature in
// base64 or base58. A string valid in both is tried both ways: either decoding must verify.
export class SolanaSignatureVerifier implements WalletSignatureVerifier {
  readonly chainFamily = 'solana' as const;
  readonly expectedEncoding = 'a base64- or base58-encoded 64-byte ed25519 signature';

  verify(address: string, message: string, signature: string): SignatureCheck {
    const candidates = [
      decodeBase64(signature, ED25519_SIGNATURE_BYTES),
      decodeBase58(signature, ED25519_SIGNATURE_BYTES),
    ].filter((bytes): bytes is Uint8Array => bytes !== null);
    if (candidates.length === 0) return 'malformed';
    const key = createPublicKey({
      key: {
        kty: 'OKP',
        crv: 'Ed25519',
        x: Buffer.from(new PublicKey(address).toBytes()).toString('base64url'),
      },
      format: 'jwk',
    });
    const data = Buffer.from(message, 'utf8');
    return candidates.some((bytes) => verify(null, data, key, bytes)) ? 'valid' : 'invalid';
  }
}
