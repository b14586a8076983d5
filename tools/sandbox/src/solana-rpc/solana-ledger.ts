import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm';
import { PublicKey, VersionedTransaction } from '@solana/web3.js';
import {
  AccountLayout,
  ASSOCIATED_TOKEN_PROGRAM_ID,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  unpackMint,
} from '@solana/spl-token';
import { encodeBase58 } from 'ethers';

export interface TokenBalance {
  readonly accountIndex: number;
  readonly mint: string;
  readonly owner: string;
  readonly programId: string;
  readonly uiTokenAmount: {
    amount: string;
    decimals: number;
    uiAmount: number | null;
    uiAmountString: string;
  };
}

// What the simulated cluster remembers of a transaction, shaped like getTransaction's answer.
export interface LedgerTransaction {
  readonly signature: string;
  readonly slot: number;
  readonly blockTime: number;
  readonly finalizedAt: number;
  readonly wire: Uint8Array;
  readonly err: unknown;
  readonly fee: number;
  readonly preBalances: number[];
  readonly postBalances: number[];
  readonly preTokenBalances: TokenBalance[];
  readonly postTokenBalances: TokenBalance[];
  readonly logMessages: string[];
  readonly innerInstructions: {
    index: number;
    instructions: { programIdIndex: number; accounts: number[]; data: string }[];
  }[];
}

export type ExecuteResult =
  | { readonly ok: true; readonly signature: string }
  | { readonly ok: false; readonly signature: string; readonly err: unknown; readonly logs: string[] };

const FEE_PER_SIGNATURE = 5_000;

// How many slots a blockhash stays usable, as on the real cluster.
export const BLOCKHASH_VALIDITY_SLOTS = 150;

// The real SVM (litesvm, with the real SPL Token and Token-2022 programs) plus the history an RPC
// node keeps: every executed transaction, its slot and balances. One slot per transaction; a
// transaction is finalized `finalizeDelayMs` after it lands (0 = at once). Every slot has a new
// blockhash and a transaction must name one of the last BLOCKHASH_VALIDITY_SLOTS, as on the
// real cluster: with one blockhash forever, two transfers with the same accounts and amount
// would be one transaction, which hides bugs real chains reveal.
export class SolanaLedger {
  // Blockhash age is checked here (litesvm only knows its latest one).
  readonly svm = new LiteSVM().withBlockhashCheck(false);
  private readonly transactions = new Map<string, LedgerTransaction>();
  // What a node indexes for getSignaturesForAddress (oldest first) and getTokenAccountsByOwner
  // (the token accounts landed transactions left with each owner; litesvm cannot list its
  // accounts, and chain-watchers asks for every watched address: a scan of every account named
  // so far made each ask cost more as a run went on).
  private readonly signaturesByAccount = new Map<string, string[]>();
  private readonly tokenAccountsByOwner = new Map<string, Set<string>>();
  private readonly blockhashSlots = new Map<string, number>();
  private slot = 1;

  constructor(
    private readonly finalizeDelayMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.blockhashSlots.set(this.svm.latestBlockhash(), this.slot);
  }

  currentSlot(): number {
    return this.slot;
  }

  latestBlockhash(): string {
    return this.svm.latestBlockhash();
  }

  isBlockhashValid(blockhash: string): boolean {
    const issued = this.blockhashSlots.get(blockhash);
    return issued !== undefined && this.slot - issued <= BLOCKHASH_VALIDITY_SLOTS;
  }

  find(signature: string): LedgerTransaction | null {
    return this.transactions.get(signature) ?? null;
  }

  // The landed transactions that named `account`, newest first.
  signaturesFor(account: string): LedgerTransaction[] {
    return (this.signaturesByAccount.get(account) ?? [])
      .map((signature) => this.transactions.get(signature)!)
      .reverse();
  }

  // The token accounts (SPL Token or Token-2022) of `owner`, optionally of one mint or program.
  tokenAccountsOf(owner: PublicKey, filter: { mint?: PublicKey; programId?: PublicKey }): PublicKey[] {
    // The index only narrows the search: each account is read again as it is now.
    return [...(this.tokenAccountsByOwner.get(owner.toBase58()) ?? [])]
      .map((key) => new PublicKey(key))
      .filter((key) => {
        const account = this.svm.getAccount(key);
        if (!account || account.data.length < AccountLayout.span) return false;
        if (!account.owner.equals(TOKEN_PROGRAM_ID) && !account.owner.equals(TOKEN_2022_PROGRAM_ID))
          return false;
        if (filter.programId && !account.owner.equals(filter.programId)) return false;
        const decoded = AccountLayout.decode(account.data.subarray(0, AccountLayout.span));
        return decoded.owner.equals(owner) && (!filter.mint || decoded.mint.equals(filter.mint));
      });
  }

  isFinalized(record: LedgerTransaction): boolean {
    return this.now() >= record.finalizedAt;
  }

  // Preflight: what sending would do, without changing state.
  simulate(transaction: VersionedTransaction): ExecuteResult | null {
    refuseAssociatedTokenProgram(transaction);
    if (!this.isBlockhashValid(transaction.message.recentBlockhash))
      return blockhashNotFound(signatureOf(transaction));
    const result = this.svm.simulateTransaction(transaction);
    if (!(result instanceof FailedTransactionMetadata)) return null;
    return {
      ok: false,
      signature: signatureOf(transaction),
      err: errorJson(result.err()),
      logs: result.meta().logs(),
    };
  }

  execute(transaction: VersionedTransaction): ExecuteResult {
    const signature = signatureOf(transaction);
    refuseAssociatedTokenProgram(transaction);
    if (this.transactions.has(signature)) return { ok: false, signature, err: 'AlreadyProcessed', logs: [] };
    if (!this.isBlockhashValid(transaction.message.recentBlockhash)) return blockhashNotFound(signature);
    const keys = transaction.message.getAccountKeys().staticAccountKeys;
    const preBalances = keys.map((key) => Number(this.svm.getBalance(key) ?? 0n));
    const preTokenBalances = this.tokenBalances(keys);
    const result = this.svm.sendTransaction(transaction);
    const failed = result instanceof FailedTransactionMetadata;
    const meta: TransactionMetadata = failed ? result.meta() : result;
    const err = failed ? errorJson(result.err()) : null;
    // A transaction that could not even be loaded (bad blockhash, unknown fee payer) never lands.
    if (
      failed &&
      preBalances.every((lamports, i) => lamports === Number(this.svm.getBalance(keys[i]!) ?? 0n))
    )
      return { ok: false, signature, err, logs: meta.logs() };
    const now = this.now();
    const postTokenBalances = this.tokenBalances(keys);
    this.transactions.set(signature, {
      signature,
      slot: this.slot,
      blockTime: Math.floor(now / 1000),
      finalizedAt: now + this.finalizeDelayMs,
      wire: transaction.serialize(),
      err,
      fee: FEE_PER_SIGNATURE * transaction.signatures.length,
      preBalances,
      postBalances: keys.map((key) => Number(this.svm.getBalance(key) ?? 0n)),
      preTokenBalances,
      postTokenBalances,
      logMessages: meta.logs(),
      innerInstructions: meta
        .innerInstructions()
        .map((list, index) => ({
          index,
          instructions: list.map((inner) => {
            const compiled = inner.instruction();
            return {
              programIdIndex: compiled.programIdIndex(),
              accounts: [...compiled.accounts()],
              data: base58(compiled.data()),
            };
          }),
        }))
        .filter((entry) => entry.instructions.length > 0),
    });
    for (const key of keys) {
      const account = key.toBase58();
      const signatures = this.signaturesByAccount.get(account) ?? [];
      signatures.push(signature);
      this.signaturesByAccount.set(account, signatures);
    }
    for (const { accountIndex, owner } of postTokenBalances) {
      const accounts = this.tokenAccountsByOwner.get(owner) ?? new Set<string>();
      accounts.add(keys[accountIndex]!.toBase58());
      this.tokenAccountsByOwner.set(owner, accounts);
    }
    this.nextSlot();
    return failed ? { ok: false, signature, err, logs: meta.logs() } : { ok: true, signature };
  }

  private nextSlot(): void {
    this.slot += 1;
    this.svm.warpToSlot(BigInt(this.slot));
    this.svm.expireBlockhash();
    this.blockhashSlots.set(this.svm.latestBlockhash(), this.slot);
    for (const [blockhash, issued] of this.blockhashSlots) {
      if (this.slot - issued <= BLOCKHASH_VALIDITY_SLOTS) break;
      this.blockhashSlots.delete(blockhash);
    }
  }

  private tokenBalances(keys: readonly PublicKey[]): TokenBalance[] {
    return keys.flatMap((key, accountIndex) => {
      const account = this.svm.getAccount(key);
      if (!account || account.data.length < AccountLayout.span) return [];
      const programId = account.owner;
      if (!programId.equals(TOKEN_PROGRAM_ID) && !programId.equals(TOKEN_2022_PROGRAM_ID)) return [];
      const decoded = AccountLayout.decode(account.data.subarray(0, AccountLayout.span));
      const mintAccount = this.svm.getAccount(decoded.mint);
      if (!mintAccount) return [];
      const { decimals } = unpackMint(
        decoded.mint,
        { ...mintAccount, data: Buffer.from(mintAccount.data) },
        programId,
      );
      const amount = decoded.amount.toString();
      const uiAmountString = formatUnits(decoded.amount, decimals);
      return [
        {
          accountIndex,
          mint: decoded.mint.toBase58(),
          owner: decoded.owner.toBase58(),
          programId: programId.toBase58(),
          uiTokenAmount: { amount, decimals, uiAmount: Number(uiAmountString), uiAmountString },
        },
      ];
    });
  }
}

export class UnsupportedProgramError extends Error {}

// On Linux, litesvm 0.8's JIT corrupts the process's memory when the associated-token program
// runs (LiteSVM/litesvm#171, #352): the process aborts with std::bad_alloc. The only fix offered
// (all features on) breaks the bundled SPL Token program, so the sandbox refuses such
// transactions; token accounts are created with InitializeAccount3 instead, and the sandbox
// wallets' associated token accounts exist from the start.
function refuseAssociatedTokenProgram(transaction: VersionedTransaction): void {
  const { staticAccountKeys, compiledInstructions } = transaction.message;
  const used = compiledInstructions.some(({ programIdIndex }) =>
    staticAccountKeys[programIdIndex]?.equals(ASSOCIATED_TOKEN_PROGRAM_ID),
  );
  if (used)
    throw new UnsupportedProgramError(
      'the sandbox cannot run the associated-token program; create the token account with InitializeAccount3',
    );
}

function blockhashNotFound(signature: string): ExecuteResult {
  return { ok: false, signature, err: 'BlockhashNotFound', logs: [] };
}

function signatureOf(transaction: VersionedTransaction): string {
  return base58(transaction.signatures[0]!);
}

export function base58(bytes: Uint8Array): string {
  return bytes.length === 0 ? '' : encodeBase58(bytes);
}

function formatUnits(amount: bigint, decimals: number): string {
  const text = amount.toString().padStart(decimals + 1, '0');
  const whole = text.slice(0, text.length - decimals);
  const fraction = text.slice(text.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

// litesvm's error objects, in the JSON form Solana RPC uses ({ InstructionError: [i, …] }).
function errorJson(error: ReturnType<FailedTransactionMetadata['err']>): unknown {
  if (typeof error === 'number') return `TransactionError(${error})`;
  if ('index' in error && 'err' in error) {
    const inner = error.err();
    if (typeof inner === 'number') return { InstructionError: [error.index, `InstructionError(${inner})`] };
    if ('code' in inner) return { InstructionError: [error.index, { Custom: inner.code }] };
    return { InstructionError: [error.index, { BorshIoError: inner.msg }] };
  }
  return { TransactionError: error.toString() };
}
