import { Connection, Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import {
  ACCOUNT_SIZE,
  createInitializeAccount3Instruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import { parseUnits } from 'ethers';
import { ed25519Sign } from '../ed25519.js';
import { customerRole, solanaSandboxKeypair } from '../sandbox-wallets.js';
import {
  depositAmount,
  pollConfirmation,
  type DepositOptions,
  type DepositReceipt,
  type DepositTarget,
} from './sandbox-deposit.js';

// A mint's token program and an associated token address never change, and finding an address
// is a search with curve checks in JavaScript: both are looked up once per process.
const programs = new Map<string, PublicKey>();
const addresses = new Map<string, PublicKey>();

async function tokenProgramOf(connection: Connection, rpcUrl: string, mint: PublicKey): Promise<PublicKey> {
  const key = `${rpcUrl} ${mint.toBase58()}`;
  let programId = programs.get(key);
  if (!programId) {
    const mintAccount = await connection.getAccountInfo(mint);
    if (!mintAccount) throw new Error(`mint ${mint.toBase58()} does not exist on this chain`);
    programId = mintAccount.owner;
    programs.set(key, programId);
  }
  return programId;
}

function associatedTokenAddress(
  mint: PublicKey,
  owner: PublicKey,
  allowOwnerOffCurve: boolean,
  programId: PublicKey,
): PublicKey {
  const key = `${mint.toBase58()} ${owner.toBase58()} ${programId.toBase58()}`;
  let address = addresses.get(key);
  if (!address) {
    address = getAssociatedTokenAddressSync(mint, owner, allowOwnerOffCurve, programId);
    addresses.set(key, address);
  }
  return address;
}

// A TransferChecked of the mint from the sandbox customer into the deposit owner's associated
// token account, or, when the owner has none, a fresh token account (the sandbox cannot run the
// associated-token program); returns once the transaction is confirmed.
export async function solanaDeposit(target: DepositTarget, options: DepositOptions): Promise<DepositReceipt> {
  const connection = new Connection(target.rpcUrl!, 'confirmed');
  const customer = solanaSandboxKeypair(customerRole(options.customer ?? 0));
  const mint = new PublicKey(target.mintAddress!);
  const owner = new PublicKey(target.depositAddress);
  const programId = await tokenProgramOf(connection, target.rpcUrl!, mint);
  const transaction = new Transaction();
  const signers = [customer];
  let destination = associatedTokenAddress(mint, owner, true, programId);
  if (!(await connection.getAccountInfo(destination))) {
    const account = Keypair.generate();
    destination = account.publicKey;
    signers.push(account);
    transaction.add(
      SystemProgram.createAccount({
        fromPubkey: customer.publicKey,
        newAccountPubkey: account.publicKey,
        lamports: await connection.getMinimumBalanceForRentExemption(ACCOUNT_SIZE),
        space: ACCOUNT_SIZE,
        programId,
      }),
      createInitializeAccount3Instruction(account.publicKey, mint, owner, programId),
    );
  }
  const decimals = target.decimals!;
  transaction.add(
    createTransferCheckedInstruction(
      associatedTokenAddress(mint, customer.publicKey, false, programId),
      mint,
      destination,
      customer.publicKey,
      parseUnits(depositAmount(target, options), decimals),
      decimals,
      [],
      programId,
    ),
  );
  transaction.recentBlockhash = (await connection.getLatestBlockhash()).blockhash;
  transaction.feePayer = customer.publicKey;
  // Signed natively (web3.js signs with ed25519 in JavaScript; the signatures are the same).
  const message = transaction.serializeMessage();
  for (const signer of signers)
    transaction.addSignature(signer.publicKey, ed25519Sign(signer.secretKey.subarray(0, 32), message));
  // Signed just above: checking the signatures again would only cost curve arithmetic.
  const signature = await connection.sendRawTransaction(transaction.serialize({ verifySignatures: false }));
  return pollConfirmation(`transfer ${signature}`, async () => {
    const [status] = (await connection.getSignatureStatuses([signature])).value;
    if (status?.err) throw new Error(`transfer ${signature} failed: ${JSON.stringify(status.err)}`);
    return status ? { blockchain: 'SOLANA' as const, onChainTx: signature } : null;
  });
}
