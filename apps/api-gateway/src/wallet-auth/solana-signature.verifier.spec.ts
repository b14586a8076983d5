import { describe, expect, it } from '@jest/globals';
import { createPrivateKey, sign } from 'node:crypto';
import { Keypair } from '@solana/web3.js';
import { encodeBase58 } from 'ethers';
import { SolanaSignatureVerifier } from './solana-signature.verifier.js';

const message = 'localhost asks you to sign in with your Solana account:\nNonce: 0123abcd';

// What a Solana wallet's signMessage does: ed25519 with the keypair's secret key.
function signWith(keypair: Keypair, text: string): Buffer {
  const privateKey = createPrivateKey({
    key: {
      kty: 'OKP',
      crv: 'Ed25519',
      d: Buffer.from(keypair.secretKey.subarray(0, 32)).toString('base64url'),
      x: Buffer.from(keypair.publicKey.toBytes()).toString('base64url'),
    },
    format: 'jwk',
  });
  return sign(null, Buffer.from(text, 'utf8'), privateKey);
}

describe(SolanaSignatureVerifier.name, () => {
  const sut = new SolanaSignatureVerifier();
  const wallet = Keypair.generate();
  const address = wallet.publicKey.toBase58();

  it('accepts a base64 signature', () => {
    expect(sut.verify(address, message, signWith(wallet, message).toString('base64'))).toBe('valid');
  });

  it('accepts a base58 signature', () => {
    expect(sut.verify(address, message, encodeBase58(signWith(wallet, message)))).toBe('valid');
  });

  it("refuses another key's signature", () => {
    const other = Keypair.generate();
    expect(sut.verify(address, message, signWith(other, message).toString('base64'))).toBe('invalid');
    expect(sut.verify(address, message, encodeBase58(signWith(other, message)))).toBe('invalid');
  });

  it('refuses a signature of another message', () => {
    expect(sut.verify(address, message, signWith(wallet, 'something else').toString('base64'))).toBe(
      'invalid',
    );
  });

  it.each([
    ['hex', 'ab'.repeat(64)],
    ['too short (base64)', Buffer.alloc(48).toString('base64')],
    ['too short (base58)', encodeBase58(Buffer.alloc(48, 7))],
    ['neither encoding', '0OIl+/'.repeat(15)],
  ])('calls a %s signature malformed', (_case, signature) => {
    expect(sut.verify(address, message, signature)).toBe('malformed');
  });
});
