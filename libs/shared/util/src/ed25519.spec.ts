import { describe, expect, it } from '@jest/globals';
import { Keypair as SolanaKeypair } from '@solana/web3.js';
import { Keypair as StellarKeypair } from '@stellar/stellar-sdk';
import { ed25519Sign, ed25519Verify, freshEd25519Signer } from './ed25519.js';

const message = Buffer.from('a transfer to sign');

describe('ed25519 on node:crypto', () => {
  it("signs the same bytes as the Stellar SDK, and checks the SDK's signatures", () => {
    const keypair = StellarKeypair.random();
    const signature = ed25519Sign(keypair.rawSecretKey(), keypair.rawPublicKey(), message);
    expect(signature.equals(keypair.sign(message))).toBe(true);
    expect(ed25519Verify(keypair.rawPublicKey(), message, keypair.sign(message))).toBe(true);
  });

  it('signs with the seed half of a Solana secret key as web3.js would', () => {
    const keypair = SolanaKeypair.generate();
    const signature = ed25519Sign(keypair.secretKey.subarray(0, 32), keypair.publicKey.toBytes(), message);
    expect(
      StellarKeypair.fromRawEd25519Seed(Buffer.from(keypair.secretKey.subarray(0, 32))).sign(message),
    ).toEqual(signature);
    expect(ed25519Verify(keypair.publicKey.toBytes(), message, signature)).toBe(true);
  });

  it('makes fresh signers whose signatures their public key checks', () => {
    const signer = freshEd25519Signer();
    expect(signer.publicKey).toHaveLength(32);
    expect(ed25519Verify(signer.publicKey, message, signer.sign(message))).toBe(true);
    expect(freshEd25519Signer().publicKey.equals(signer.publicKey)).toBe(false);
  });

  it('refuses a signature of other bytes, by another key, or of the wrong length', () => {
    const keypair = StellarKeypair.random();
    const signature = ed25519Sign(keypair.rawSecretKey(), keypair.rawPublicKey(), message);
    expect(ed25519Verify(keypair.rawPublicKey(), Buffer.from('another transfer'), signature)).toBe(false);
    expect(ed25519Verify(StellarKeypair.random().rawPublicKey(), message, signature)).toBe(false);
    expect(ed25519Verify(keypair.rawPublicKey(), message, signature.subarray(0, 63))).toBe(false);
  });

  it('refuses a public key of the wrong length rather than throwing', () => {
    const keypair = StellarKeypair.random();
    const signature = ed25519Sign(keypair.rawSecretKey(), keypair.rawPublicKey(), message);
    expect(ed25519Verify(keypair.rawPublicKey().subarray(0, 31), message, signature)).toBe(false);
  });
});
