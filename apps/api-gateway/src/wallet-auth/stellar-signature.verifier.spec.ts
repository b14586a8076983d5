import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { Keypair } from '@stellar/stellar-sdk';
import { StellarSignatureVerifier } from './stellar-signature.verifier.js';

const message = 'localhost asks you to sign in with your Stellar account:\nNonce: 0123abcd';
const signRaw = (keypair: Keypair, text: string) => keypair.sign(Buffer.from(text, 'utf8'));
const signSep53 = (keypair: Keypair, text: string) =>
  keypair.sign(createHash('sha256').update(`Stellar Signed Message:\n${text}`).digest());

describe(StellarSignatureVerifier.name, () => {
  const sut = new StellarSignatureVerifier();
  const wallet = Keypair.random();

  it('accepts a base64 ed25519 signature of the message bytes', () => {
    expect(sut.verify(wallet.publicKey(), message, signRaw(wallet, message).toString('base64'))).toBe(
      'valid',
    );
  });

  it('accepts a SEP-53 signature (what Freighter signMessage produces)', () => {
    expect(sut.verify(wallet.publicKey(), message, signSep53(wallet, message).toString('base64'))).toBe(
      'valid',
    );
  });

  it('accepts URL-safe base64 without padding', () => {
    expect(sut.verify(wallet.publicKey(), message, signRaw(wallet, message).toString('base64url'))).toBe(
      'valid',
    );
  });

  it("refuses another key's signature", () => {
    const other = Keypair.random();
    expect(sut.verify(wallet.publicKey(), message, signRaw(other, message).toString('base64'))).toBe(
      'invalid',
    );
  });

  it('refuses a signature of another message', () => {
    const signature = signRaw(wallet, `${message}!`).toString('base64');
    expect(sut.verify(wallet.publicKey(), message, signature)).toBe('invalid');
  });

  it('refuses a flipped bit', () => {
    const signature = signRaw(wallet, message);
    signature[10] = (signature[10] ?? 0) ^ 1;
    expect(sut.verify(wallet.publicKey(), message, signature.toString('base64'))).toBe('invalid');
  });

  it.each([
    ['hex', signRaw(wallet, message).toString('hex')],
    ['too short', Buffer.alloc(32).toString('base64')],
    ['too long', Buffer.alloc(65).toString('base64')],
    ['not base64', '!'.repeat(88)],
  ])('calls a %s signature malformed', (_case, signature) => {
    expect(sut.verify(wallet.publicKey(), message, signature)).toBe('malformed');
  });
});
