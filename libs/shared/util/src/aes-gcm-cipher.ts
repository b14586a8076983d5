import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

// Raised when sealed bytes were altered, truncated, sealed under another key or bound to other
// associated data: nothing of the plaintext is released.
export class SealedDataIntegrityError extends Error {
  constructor() {
    super('Sealed data failed its integrity check');
    this.name = 'SealedDataIntegrityError';
  }
}

// AES-256-GCM with a fresh random 12-byte IV per message. Sealed form: iv | tag | ciphertext.
// The associated data (e.g. the row and column a value belongs to) is authenticated, not stored,
// so a sealed value moved to another place no longer opens.
export class AesGcmCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== KEY_BYTES) throw new Error(`AES-256-GCM needs a ${KEY_BYTES}-byte key`);
  }

  seal(plaintext: Buffer, associatedData: string): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(associatedData, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]);
  }

  open(sealed: Buffer, associatedData: string): Buffer {
    if (sealed.length < IV_BYTES + TAG_BYTES) throw new SealedDataIntegrityError();
    const iv = sealed.subarray(0, IV_BYTES);
    const tag = sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
    const decipher = createDecipheriv(ALGORITHM, this.key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    } catch {
      throw new SealedDataIntegrityError();
    }
  }
}
