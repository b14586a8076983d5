import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { SealedDataIntegrityError } from '@shared/util';
import { KycCiphers } from './kyc-ciphers.js';

const masterKey = randomBytes(32).toString('base64');

describe(KycCiphers.name, () => {
  const sut = new KycCiphers(masterKey);

  it('derives the same keys from the same master key', () => {
    const sealed = sut.documents.seal(Buffer.from('document'), 'doc-1');
    expect(new KycCiphers(masterKey).documents.open(sealed, 'doc-1')).toEqual(Buffer.from('document'));
  });

  it('keeps documents and PII under different keys', () => {
    const sealed = sut.documents.seal(Buffer.from('x'), 'same-label');
    expect(() => sut.pii.open(sealed, 'same-label')).toThrow(SealedDataIntegrityError);
  });

  it('does not open data sealed under another master key', () => {
    const other = new KycCiphers(randomBytes(32).toString('base64'));
    expect(() => sut.pii.open(other.pii.seal(Buffer.from('x'), 'a'), 'a')).toThrow(SealedDataIntegrityError);
  });

  it('refuses a master key that is not 32 bytes', () => {
    expect(() => new KycCiphers(randomBytes(16).toString('base64'))).toThrow(
      'KYC_ENCRYPTION_KEY must be 32 bytes',
    );
  });
});
