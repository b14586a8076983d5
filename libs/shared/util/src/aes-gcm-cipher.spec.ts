import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { AesGcmCipher, SealedDataIntegrityError } from './aes-gcm-cipher.js';

const IV_AND_TAG = 12 + 16;
const plaintext = Buffer.from('Ana María Pérez, passport X1234567');

describe(AesGcmCipher.name, () => {
  const sut = new AesGcmCipher(randomBytes(32));

  it('opens what it sealed, under the same associated data', () => {
    const sealed = sut.seal(plaintext, 'row-1:full_name');

    expect(sealed).toHaveLength(IV_AND_TAG + plaintext.length);
    expect(sealed.includes(plaintext)).toBe(false);
    expect(sut.open(sealed, 'row-1:full_name')).toEqual(plaintext);
  });

  it('round-trips empty and large messages', () => {
    const large = randomBytes(1024 * 1024);
    expect(sut.open(sut.seal(Buffer.alloc(0), 'a'), 'a')).toEqual(Buffer.alloc(0));
    expect(sut.open(sut.seal(large, 'a'), 'a')).toEqual(large);
  });

  it('uses a fresh IV for every message', () => {
    const first = sut.seal(plaintext, 'a');
    const second = sut.seal(plaintext, 'a');

    expect(first.subarray(0, 12)).not.toEqual(second.subarray(0, 12));
    expect(first).not.toEqual(second);
  });

  it.each([
    ['the IV', 0],
    ['the tag', 12],
    ['the ciphertext', IV_AND_TAG + 3],
  ])('detects a flipped bit in %s', (_part, offset) => {
    const sealed = sut.seal(plaintext, 'a');
    sealed[offset]! ^= 0x01;

    expect(() => sut.open(sealed, 'a')).toThrow(SealedDataIntegrityError);
  });

  it('refuses a value bound to other associated data', () => {
    expect(() => sut.open(sut.seal(plaintext, 'row-1:email'), 'row-2:email')).toThrow(
      SealedDataIntegrityError,
    );
  });

  it('refuses a value sealed under another key', () => {
    const other = new AesGcmCipher(randomBytes(32));
    expect(() => sut.open(other.seal(plaintext, 'a'), 'a')).toThrow(SealedDataIntegrityError);
  });

  it('refuses truncated input', () => {
    const sealed = sut.seal(plaintext, 'a');
    expect(() => sut.open(sealed.subarray(0, sealed.length - 1), 'a')).toThrow(SealedDataIntegrityError);
    expect(() => sut.open(sealed.subarray(0, IV_AND_TAG - 1), 'a')).toThrow(SealedDataIntegrityError);
  });

  it('needs a 256-bit key', () => {
    expect(() => new AesGcmCipher(randomBytes(16))).toThrow('AES-256-GCM needs a 32-byte key');
  });
});
