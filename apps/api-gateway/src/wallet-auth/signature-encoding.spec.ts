import { describe, expect, it } from '@jest/globals';
import { encodeBase58 } from 'ethers';
import { decodeBase58, decodeBase64 } from './signature-encoding.js';

describe(decodeBase58.name, () => {
  it('keeps leading zero bytes', () => {
    const bytes = new Uint8Array([0, 0, 5, 250, 1]);
    expect(decodeBase58(encodeBase58(bytes), 5)).toEqual(bytes);
  });

  it('decodes all zeros', () => {
    expect(decodeBase58('111', 3)).toEqual(new Uint8Array(3));
  });

  it('refuses the wrong length and characters outside the alphabet', () => {
    expect(decodeBase58(encodeBase58(new Uint8Array([1, 2, 3])), 4)).toBeNull();
    expect(decodeBase58('0OIl', 3)).toBeNull();
  });
});

describe(decodeBase64.name, () => {
  const bytes = Buffer.from(Array.from({ length: 64 }, (_, index) => index * 3));

  it('decodes standard and URL-safe alphabets, padded or not', () => {
    for (const text of [bytes.toString('base64'), bytes.toString('base64url')]) {
      expect(Buffer.from(decodeBase64(text, 64) ?? [])).toEqual(bytes);
    }
  });

  it('refuses the wrong length', () => {
    expect(decodeBase64(bytes.subarray(1).toString('base64'), 64)).toBeNull();
  });
});
