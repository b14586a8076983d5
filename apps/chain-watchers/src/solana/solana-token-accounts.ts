import { type Connection, PublicKey, type Transaction } from '@solana/web3.js';
import {
  createAssociatedTokenAccountIdempotentInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';

// The token program that owns a mint (SPL Token or Token-2022).
export async function tokenProgramOf(connection: Connection, mint: PublicKey): Promise<PublicKey> {
  const account = await connection.getAccountInfo(mint);
  if (!account) throw new Error(`mint ${mint.toBase58()} not found`);
  return account.owner;
}

// `owner`'s associated token account of `mint`, its creation (paid by `payer`) added to the
// transaction only when it is missing: creating an existing one is idempotent on chain, but
// costs a CPI.
export async function associatedTokenAccount(
  connection: Connection,
  transaction: Transaction,
  {
    payer,
    owner,
    mint,
    programId,
  }: { payer: PublicKey; owner: PublicKey; mint: PublicKey; programId: PublicKey },
): Promise<PublicKey> {
  const address = getAssociatedTokenAddressSync(mint, owner, true, programId);
  if (!(await connection.getAccountInfo(address)))
    transaction.add(
      createAssociatedTokenAccountIdempotentInstruction(payer, address, owner, mint, programId),
    );
  return address;
}

export function publicKeyOrNull(value: string): PublicKey | null {
  try {
    return new PublicKey(value);
  } catch {
    return null;
  }
}
