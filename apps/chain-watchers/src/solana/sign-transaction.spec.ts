import { describe, expect, it } from '@jest/globals';
import { Keypair, SystemProgram, Transaction } from '@solana/web3.js';
import { encodeBase58 } from 'ethers';
import { signSolanaTransaction } from './sign-transaction.js';

// A transaction with a fee payer and a second signer, as a sweep has (treasury and owners).
function transfer(payer: Keypair, owner: Keypair): Transaction {
  const transaction = new Transaction().add(
    SystemProgram.transfer({ fromPubkey: owner.publicKey, toPubkey: payer.publicKey, lamports: 5_000 }),
  );
  transaction.recentBlockhash = encodeBase58(Buffer.alloc(32, 7));
  transaction.feePayer = payer.publicKey;
  return transaction;
}

describe(signSolanaTransaction.name, () => {
  it('makes the wire bytes and id that web3.js makes, signatures checked', () => {
    const payer = Keypair.generate();
    const owner = Keypair.generate();
    const bySdk = transfer(payer, owner);
    bySdk.sign(payer, owner);

    const signed = signSolanaTransaction(transfer(payer, owner), [payer, owner]);

    expect(signed.payload).toBe(bySdk.serialize().toString('base64'));
    expect(signed.hash).toBe(encodeBase58(bySdk.signature!));
    expect(Transaction.from(Buffer.from(signed.payload, 'base64')).verifySignatures()).toBe(true);
  });

  it('refuses to sign for a key the transaction does not name', () => {
    const payer = Keypair.generate();
    expect(() =>
      signSolanaTransaction(transfer(payer, Keypair.generate()), [payer, Keypair.generate()]),
    ).toThrow('unknown signer');
  });

  it('refuses to leave a required signature out', () => {
    const payer = Keypair.generate();
    const owner = Keypair.generate();
    expect(() => signSolanaTransaction(transfer(payer, owner), [payer])).toThrow(
      `no signature for ${owner.publicKey.toBase58()}`,
    );
  });
});
