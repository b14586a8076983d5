import { describe, expect, it } from '@jest/globals';
import { requestFingerprint } from './request-fingerprint.js';

describe(requestFingerprint.name, () => {
  it('ignores the order of fields, at every depth', () => {
    expect(requestFingerprint({ a: 1, b: { c: [1, { d: 2, e: 3 }], f: null } })).toBe(
      requestFingerprint({ b: { f: null, c: [1, { e: 3, d: 2 }] }, a: 1 }),
    );
  });

  it('tells apart bodies that differ in a value or an array order', () => {
    expect(requestFingerprint({ a: 1 })).not.toBe(requestFingerprint({ a: 2 }));
    expect(requestFingerprint({ a: [1, 2] })).not.toBe(requestFingerprint({ a: [2, 1] }));
    expect(requestFingerprint({ a: '1' })).not.toBe(requestFingerprint({ a: 1 }));
  });
});
