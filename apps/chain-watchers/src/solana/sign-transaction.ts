import type { Keypair, Transaction } from '@solana/web3.js';
import { encodeBase58 } from 'ethers';
import { ed25519Sign } from '@shared/util';

export interface SignedSolanaTransaction {
  // The wire transaction, base64.
  readonly payload: string;
  // The fee payer's signature, base58: the transaction's id on chain.
  readonly hash: string;
}

// Signs with Node's ed25519 rather than web3.js's `sign` and `serialize`, which sign and then
// check every signature in JavaScript: a sweep carries one signature per deposit account, at a
// millisecond or more each. Every signer signs the one serialized message; the signatures are
// the bytes web3.js would make (a unit test compares them), so checking them again adds nothing.
export function signSolanaTransaction(
  transaction: Transaction,
  signers: readonly Keypair[],
): SignedSolanaTransaction {
  const message = transaction.serializeMessage();
  for (const signer of signers)
    transaction.addSignature(
      signer.publicKey,
      ed25519Sign(signer.secretKey.subarray(0, 32), signer.publicKey.toBytes(), message),
    );
  // serialize() checks for a missing signature only with the check it skips.
  const unsigned = transaction.signatures.find(({ signature }) => signature === null);
  if (unsigned) throw new Error(`no signature for ${unsigned.publicKey.toBase58()}`);
  return {
    payload: transaction.serialize({ verifySignatures: false }).toString('base64'),
    hash: encodeBase58(transaction.signature!),
  };
}
