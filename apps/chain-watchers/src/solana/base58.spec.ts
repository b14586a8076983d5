import { describe, expect, it } from '@jest/globals';
import { encodeBase58 } from 'ethers';
import { decodeBase58 } from './base58.js';

describe(decodeBase58.name, () => {
  it.each([[[]], [[0]], [[0, 0, 1]], [[12, 96, 227, 22, 0, 0, 0, 0, 0, 6]], [[255, 254, 0, 1]]])(
    'round-trips %j',
    (bytes) => {
      const encoded = bytes.length === 0 ? '' : encodeBase58(Uint8Array.from(bytes));
      expect([...decodeBase58(encoded)]).toEqual(bytes);
    },
  );

  it('refuses characters outside the alphabet', () => {
    expect(() => decodeBase58('0OIl')).toThrow('invalid base58');
  });
});
