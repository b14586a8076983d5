import { createHash } from 'node:crypto';
import { Keypair } from '@stellar/stellar-sdk';
import { ED25519_SIGNATURE_BYTES, decodeBase64 } from './signature-encoding.js';
import type { SignatureCheck, WalletSignatureVerifier } from './wallet-signature.verifier.js';

// SEP-53: wallets such as Freighter sign SHA-256 of this prefix and the message, never the raw
// bytes, so that a signed message can never double as a signed transaction.
const SEP53_PREFIX = 'Stellar Signed Message:\n';

// ed25519 over the UTF-8 message, or over its SEP-53 digest; the signature in base64.
export class StellarSignatureVerifier implements WalletSignatureVerifier {
  readonly chainFamily = 'stellar' as const;
  readonly expectedEncoding = 'a base64-encoded 64-byte ed25519 signature';

  verify(address: string, message: string, signature: string): SignatureCheck {
    const bytes = decodeBase64(signature, ED25519_SIGNATURE_BYTES);
    if (!bytes) return 'malformed';
    const key = Keypair.fromPublicKey(address);
    const signed = Buffer.from(bytes);
    const raw = Buffer.from(message, 'utf8');
    const sep53 = createHash('sha256').update(SEP53_PREFIX).update(raw).digest();
    return key.verify(raw, signed) || key.verify(sep53, signed) ? 'valid' : 'invalid';
  }
}
