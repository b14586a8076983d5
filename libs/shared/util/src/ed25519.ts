import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';

// ed25519 with Node's own crypto (OpenSSL): the chain SDKs sign and verify in JavaScript, about a
// millisecond per signature and three per check on these machines, where OpenSSL takes a tenth of
// that. The signatures are the same bytes (ed25519 is deterministic). Keys come in as JWK: a DER
// key goes through OpenSSL's decoders, a millisecond per key, more than the signature itself.

const base64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');

// `seed`: the 32-byte private seed (Stellar's rawSecretKey, the first half of a Solana secretKey);
// `publicKey`: its 32-byte public key (rawPublicKey, the second half).
export function ed25519Sign(seed: Uint8Array, publicKey: Uint8Array, message: Uint8Array): Buffer {
  const key = createPrivateKey({
    key: { kty: 'OKP', crv: 'Ed25519', d: base64url(seed), x: base64url(publicKey) },
    format: 'jwk',
  });
  return sign(null, message, key);
}

export function ed25519Verify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  if (publicKey.length !== 32 || signature.length !== 64) return false;
  const key = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: base64url(publicKey) },
    format: 'jwk',
  });
  return verify(null, message, key, signature);
}

export interface Ed25519Signer {
  readonly publicKey: Buffer;
  sign(message: Uint8Array): Buffer;
}

// A fresh key pair (a new account's): its private key stays a key object, used and let go.
export function freshEd25519Signer(): Ed25519Signer {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    publicKey: Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url'),
    sign: (message) => sign(null, message, privateKey),
  };
}
