import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
  verify,
} from 'node:crypto';

// ed25519 with Node's own crypto (OpenSSL): the chain SDKs sign and verify in JavaScript, at a
// millisecond or more each, and the sandbox does both for every transfer it pays or receives, on
// the machine a benchmark measures. The signatures are the same bytes (ed25519 is deterministic).

// The fixed DER prefixes that wrap a raw 32-byte ed25519 key (RFC 8410).
const PKCS8_SEED_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_KEY_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

// Key objects by their raw bytes: the sandbox's few wallets sign and are checked over and over.
const privateKeys = new Map<string, KeyObject>();
const publicKeys = new Map<string, KeyObject>();

function keyOf(cache: Map<string, KeyObject>, raw: Uint8Array, make: (raw: Buffer) => KeyObject) {
  const id = Buffer.from(raw).toString('hex');
  let key = cache.get(id);
  if (!key) {
    key = make(Buffer.from(raw));
    cache.set(id, key);
  }
  return key;
}

// `seed`: the 32-byte private seed (Stellar's rawSecretKey, the first half of a Solana secretKey).
export function ed25519Sign(seed: Uint8Array, message: Uint8Array): Buffer {
  const key = keyOf(privateKeys, seed, (raw) =>
    createPrivateKey({ key: Buffer.concat([PKCS8_SEED_PREFIX, raw]), format: 'der', type: 'pkcs8' }),
  );
  return sign(null, message, key);
}

export function ed25519Verify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  if (signature.length !== 64) return false;
  const key = keyOf(publicKeys, publicKey, (raw) =>
    createPublicKey({ key: Buffer.concat([SPKI_KEY_PREFIX, raw]), format: 'der', type: 'spki' }),
  );
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
    // The SPKI encoding ends with the raw 32-byte key.
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).subarray(SPKI_KEY_PREFIX.length),
    sign: (message) => sign(null, message, privateKey),
  };
}
