import { Keypair, PublicKey, SystemProgram, Transaction, VersionedTransaction } from '@solana/web3.js';
import {
  ACCOUNT_SIZE,
  AccountLayout,
  AccountState,
  createInitializeMint2Instruction,
  createMintToInstruction,
  getAssociatedTokenAddressSync,
  MINT_SIZE,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import { parseUnits } from 'ethers';
import { reply, startSandboxServer, type SandboxRequest } from '../http/sandbox-http-server.js';
import {
  SANDBOX_ASSETS,
  SANDBOX_STARTING_BALANCE,
  SANDBOX_TOKEN_DECIMALS,
  customerRoles,
  solanaSandboxKeypair,
  solanaSandboxMintKeypair,
  type SandboxAsset,
} from '../sandbox-wallets.js';
import { SandboxFaults } from '../http/sandbox-faults.js';
import { SolanaLedger } from './solana-ledger.js';
import { JsonRpcError, solanaRpcMethods } from './solana-rpc.methods.js';

export interface SolanaSandboxMint {
  readonly mint: string;
  readonly programId: string;
}

export interface SolanaRpcSimulator {
  readonly url: string;
  readonly mints: Readonly<Record<SandboxAsset, SolanaSandboxMint>>;
  readonly ledger: SolanaLedger;
  readonly faults: SandboxFaults;
  close(): Promise<void>;
}

export interface SolanaRpcOptions {
  readonly port?: number;
  // How long a landed transaction stays "confirmed" before it is "finalized".
  readonly finalizeDelayMs?: number;
  // How many customer wallets are funded (see customerRoles).
  readonly customers?: number;
}

// USDC is a classic SPL Token mint and USDT a Token-2022 mint, so both programs' transfers are
// exercised by the same sandbox.
const PROGRAM_OF: Record<SandboxAsset, PublicKey> = { USDC: TOKEN_PROGRAM_ID, USDT: TOKEN_2022_PROGRAM_ID };
const LAMPORTS = 1_000n * 1_000_000_000n;
const MINTS_PER_TRANSACTION = 8;

export async function startSolanaRpc(options: SolanaRpcOptions = {}): Promise<SolanaRpcSimulator> {
  const ledger = new SolanaLedger(options.finalizeDelayMs ?? 0);
  const faults = new SandboxFaults();
  const mints = fund(ledger, options.customers ?? 1);
  const handler = (request: SandboxRequest) => {
    const result = reply(200, answer(ledger, request));
    if (!/"sendTransaction"/.test(request.rawBody) || !faults.takeDropSubmitAnswer()) return result;
    request.raw.socket.destroy();
    return null;
  };
  const server = await startSandboxServer([{ method: 'POST', path: '/', handler }], options.port ?? 0);
  return { url: server.url, mints, ledger, faults, close: server.close };
}

function answer(ledger: SolanaLedger, request: SandboxRequest): unknown {
  let body: unknown;
  try {
    body = JSON.parse(request.rawBody);
  } catch {
    return { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } };
  }
  return Array.isArray(body) ? body.map((call) => one(ledger, call)) : one(ledger, body);
}

function one(ledger: SolanaLedger, call: unknown) {
  const {
    id = null,
    method,
    params = [],
  } = (call ?? {}) as { id?: unknown; method?: string; params?: unknown[] };
  const handler = method ? solanaRpcMethods[method] : undefined;
  if (!handler)
    return { jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${method}` } };
  try {
    return { jsonrpc: '2.0', id, result: handler(ledger, params) };
  } catch (error) {
    if (error instanceof JsonRpcError)
      return { jsonrpc: '2.0', id, error: { code: error.code, message: error.message, data: error.data } };
    return { jsonrpc: '2.0', id, error: { code: -32603, message: String(error) } };
  }
}

// Gas for every sandbox wallet, one mint per asset, and each asset in the treasury's and the
// customers' associated token accounts. Those accounts are written directly (the sandbox cannot
// run the associated-token program, see solana-ledger.ts); the tokens are minted by the real
// token program, MINTS_PER_TRANSACTION holders a transaction (a transaction holds 1232 bytes).
function fund(ledger: SolanaLedger, customers: number): Record<SandboxAsset, SolanaSandboxMint> {
  const issuer = solanaSandboxKeypair('issuer');
  const holders = [solanaSandboxKeypair('treasury'), ...customerRoles(customers).map(solanaSandboxKeypair)];
  for (const wallet of [issuer, ...holders]) ledger.svm.airdrop(wallet.publicKey, LAMPORTS);
  const mintRent = ledger.svm.minimumBalanceForRentExemption(BigInt(MINT_SIZE));
  const accountRent = ledger.svm.minimumBalanceForRentExemption(BigInt(ACCOUNT_SIZE));
  const mints = {} as Record<SandboxAsset, SolanaSandboxMint>;
  for (const asset of SANDBOX_ASSETS) {
    const mint = solanaSandboxMintKeypair(asset);
    const programId = PROGRAM_OF[asset];
    const transaction = new Transaction().add(
      SystemProgram.createAccount({
        fromPubkey: issuer.publicKey,
        newAccountPubkey: mint.publicKey,
        lamports: Number(mintRent),
        space: MINT_SIZE,
        programId,
      }),
      createInitializeMint2Instruction(
        mint.publicKey,
        SANDBOX_TOKEN_DECIMALS,
        issuer.publicKey,
        null,
        programId,
      ),
    );
    submit(ledger, transaction, [issuer, mint]);
    for (let first = 0; first < holders.length; first += MINTS_PER_TRANSACTION) {
      const minting = new Transaction();
      for (const holder of holders.slice(first, first + MINTS_PER_TRANSACTION)) {
        const account = getAssociatedTokenAddressSync(mint.publicKey, holder.publicKey, false, programId);
        ledger.svm.setAccount(
          account,
          emptyTokenAccount(mint.publicKey, holder.publicKey, programId, accountRent),
        );
        const amount = parseUnits(SANDBOX_STARTING_BALANCE, SANDBOX_TOKEN_DECIMALS);
        minting.add(
          createMintToInstruction(mint.publicKey, account, issuer.publicKey, amount, [], programId),
        );
      }
      submit(ledger, minting, [issuer]);
    }
    mints[asset] = { mint: mint.publicKey.toBase58(), programId: programId.toBase58() };
  }
  return mints;
}

function emptyTokenAccount(mint: PublicKey, owner: PublicKey, programId: PublicKey, lamports: bigint) {
  const data = Buffer.alloc(ACCOUNT_SIZE);
  AccountLayout.encode(
    {
      mint,
      owner,
      amount: 0n,
      delegateOption: 0,
      delegate: PublicKey.default,
      state: AccountState.Initialized,
      isNativeOption: 0,
      isNative: 0n,
      delegatedAmount: 0n,
      closeAuthorityOption: 0,
      closeAuthority: PublicKey.default,
    },
    data,
  );
  return { lamports: Number(lamports), data, owner: programId, executable: false };
}

function submit(ledger: SolanaLedger, transaction: Transaction, signers: Keypair[]) {
  transaction.recentBlockhash = ledger.latestBlockhash();
  transaction.feePayer = signers[0]!.publicKey;
  transaction.sign(...signers);
  const result = ledger.execute(VersionedTransaction.deserialize(transaction.serialize()));
  if (!result.ok) throw new Error(`sandbox funding failed: ${JSON.stringify(result.err)}`);
}
