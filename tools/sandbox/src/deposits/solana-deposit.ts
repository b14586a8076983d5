import { Connection, PublicKey, SystemProgram, Transaction, VersionedTransaction } from '@solana/web3.js';
import {
  ACCOUNT_SIZE,
  createInitializeAccount3Instruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import { parseUnits } from 'ethers';
import { ed25519Sign, freshEd25519Signer } from '@shared/util';
import { customerRole, solanaSandboxKeypair } from '../sandbox-wallets.js';
import {
  depositAmount,
  pollConfirmation,
  type DepositOptions,
  type DepositReceipt,
  type DepositTarget,
} from './sandbox-deposit.js';

// A mint's token program, a token account's rent-exempt minimum and an associated token address
// never change on a chain, and finding an address is a search with curve checks in JavaScript:
// each is looked up once per process.
const programs = new Map<string, Promise<PublicKey>>();
const rents = new Map<string, Promise<number>>();
const addresses = new Map<string, PublicKey>();

function remembered<T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  let value = cache.get(key);
  if (!value) {
    value = load();
    cache.set(key, value);
    // A failed lookup is asked again next time.
    value.catch(() => cache.delete(key));
  }
  return value;
}

function tokenProgramOf(connection: Connection, rpcUrl: string, mint: PublicKey): Promise<PublicKey> {
  return remembered(programs, `${rpcUrl} ${mint.toBase58()}`, async () => {
    const mintAccount = await connection.getAccountInfo(mint);
    if (!mintAccount) throw new Error(`mint ${mint.toBase58()} does not exist on this chain`);
    return mintAccount.owner;
  });
}

function tokenAccountRent(connection: Connection, rpcUrl: string): Promise<number> {
  return remembered(rents, rpcUrl, () => connection.getMinimumBalanceForRentExemption(ACCOUNT_SIZE));
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
  // Signed natively (web3.js signs with ed25519 in JavaScript; the signatures are the same).
  const signers = [
    {
      publicKey: customer.publicKey,
      sign: (bytes: Uint8Array) =>
        ed25519Sign(customer.secretKey.subarray(0, 32), customer.publicKey.toBytes(), bytes),
    },
  ];
  let destination = associatedTokenAddress(mint, owner, true, programId);
  if (!(await connection.getAccountInfo(destination))) {
    const fresh = freshEd25519Signer();
    const account = new PublicKey(fresh.publicKey);
    destination = account;
    signers.push({ publicKey: account, sign: fresh.sign });
    transaction.add(
      SystemProgram.createAccount({
        fromPubkey: customer.publicKey,
        newAccountPubkey: account,
        lamports: await tokenAccountRent(connection, target.rpcUrl!),
        space: ACCOUNT_SIZE,
        programId,
      }),
      createInitializeAccount3Instruction(account, mint, owner, programId),
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
  // Compiled once (Transaction compiles again to serialize), its signatures in the order of the
  // message's signing accounts.
  const message = transaction.compileMessage();
  const bytes = message.serialize();
  const signatures = message.accountKeys.slice(0, message.header.numRequiredSignatures).map((key) => {
    const signer = signers.find(({ publicKey }) => publicKey.equals(key));
    if (!signer) throw new Error(`no signer for ${key.toBase58()}`);
    return signer.sign(bytes);
  });
  const signature = await connection.sendRawTransaction(
    new VersionedTransaction(message, signatures).serialize(),
  );
  return pollConfirmation(`transfer ${signature}`, async () => {
    const [status] = (await connection.getSignatureStatuses([signature])).value;
    if (status?.err) throw new Error(`transfer ${signature} failed: ${JSON.stringify(status.err)}`);
    return status ? { blockchain: 'SOLANA' as const, onChainTx: signature } : null;
  });
}
