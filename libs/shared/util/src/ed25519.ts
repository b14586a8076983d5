import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';

// ed25519 with Node's own crypto (OpenSSL): the chain SDKs sign and verify in JavaScript, at a
// millisecond or more each, where OpenSSL takes tens of microseconds. The signatures are the same
// bytes (ed25519 is deterministic), so a transaction an SDK built can be signed here.

// The fixed DER prefixes that wrap a raw 32-byte ed25519 key (RFC 8410).
const PKCS8_SEED_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_KEY_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

function privateKeyOf(seed: Uint8Array): KeyObject {
  return createPrivateKey({ key: Buffer.concat([PKCS8_SEED_PREFIX, seed]), format: 'der', type: 'pkcs8' });
}

// The SPKI encoding ends with the raw 32-byte key.
function rawPublicKey(key: KeyObject): Buffer {
  return createPublicKey(key).export({ format: 'der', type: 'spki' }).subarray(SPKI_KEY_PREFIX.length);
}

// `seed`: the 32-byte private seed (Stellar's rawSecretKey, the first half of a Solana secretKey).
export function ed25519Sign(seed: Uint8Array, message: Uint8Array): Buffer {
  return sign(null, message, privateKeyOf(seed));
}

// The raw 32-byte public key of a seed.
export function ed25519PublicKey(seed: Uint8Array): Buffer {
  return rawPublicKey(privateKeyOf(seed));
}

export function ed25519Verify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  if (signature.length !== 64) return false;
  const key = createPublicKey({
    key: Buffer.concat([SPKI_KEY_PREFIX, publicKey]),
    format: 'der',
    type: 'spki',
  });
  return verify(null, message, key, signature);
}

export interface Ed25519Signer {
  readonly publicKey: Buffer;
  sign(message: Uint8Array): Buffer;
}

// A fresh key pair (a new account's): its private key stays a key object, used and let go.
export function freshEd25519Signer(): Ed25519Signer {
  const { privateKey } = generateKeyPairSync('ed25519');
  return { publicKey: rawPublicKey(privateKey), sign: (message) => sign(null, message, privateKey) };
}
