import { Connection, Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import {
  ACCOUNT_SIZE,
  createInitializeAccount3Instruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import { parseUnits } from 'ethers';
import { solanaSandboxKeypair } from '../sandbox-wallets.js';
import {
  depositAmount,
  type DepositOptions,
  type DepositReceipt,
  type DepositTarget,
} from './sandbox-deposit.js';

const POLL_MS = 50;
const WAIT_MS = 10_000;

// A TransferChecked of the mint from the sandbox customer into the deposit owner's associated
// token account, or, when the owner has none, a fresh token account (the sandbox cannot run the
// associated-token program); returns once the transaction is confirmed.
export async function solanaDeposit(target: DepositTarget, options: DepositOptions): Promise<DepositReceipt> {
  const connection = new Connection(target.rpcUrl!, 'confirmed');
  const customer = solanaSandboxKeypair('customer');
  const mint = new PublicKey(target.mintAddress!);
  const owner = new PublicKey(target.depositAddress);
  const mintAccount = await connection.getAccountInfo(mint);
  if (!mintAccount) throw new Error(`mint ${mint.toBase58()} does not exist on this chain`);
  const programId = mintAccount.owner;
  const transaction = new Transaction();
  const signers = [customer];
  let destination = getAssociatedTokenAddressSync(mint, owner, true, programId);
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
      getAssociatedTokenAddressSync(mint, customer.publicKey, false, programId),
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
  transaction.sign(...signers);
  const signature = await connection.sendRawTransaction(transaction.serialize());
  for (const deadline = Date.now() + WAIT_MS; Date.now() < deadline;) {
    const [status] = (await connection.getSignatureStatuses([signature])).value;
    if (status?.err) throw new Error(`transfer ${signature} failed: ${JSON.stringify(status.err)}`);
    if (status) return { blockchain: 'SOLANA', onChainTx: signature };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`transfer ${signature} was not confirmed within ${WAIT_MS} ms`);
}
