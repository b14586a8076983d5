import { describe, expect, it } from '@jest/globals';
import { transactionReferenceOf } from './transaction-reference.js';

describe(transactionReferenceOf.name, () => {
  it('is the base64 of the 16 bytes of the UUID', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const reference = transactionReferenceOf(id);
    expect(reference).toBe('D4+tW9nLRp+hZXCGdyiVDg==');
    expect(Buffer.from(reference, 'base64').toString('hex')).toBe(id.replace(/-/g, ''));
  });

  it('always fits a Stellar text memo', () => {
    expect(transactionReferenceOf('ffffffff-ffff-4fff-bfff-ffffffffffff')).toHaveLength(24);
  });
});
