import type {
  ActiveAssetView,
  Blockchain,
  DepositDetectedV1,
  VerifyTransferResponse,
} from '@shared/contracts';
import type { ChainView } from '../upstreams/chain-registry.js';
import type { ChainVerdict, SignedChainTransaction } from './signed-chain-transaction.js';

// One chain's I/O, as the generic features use it: the deposit watcher, the refund sender, the
// sweeper and verification hold no per-chain code and ask the chain's adapter (ChainAdapters,
// filled by each adapter folder's module), or @payout/rails for what is not I/O (formats,
// address equality). A new chain is its rails record and one adapter folder.
export interface ChainAdapter {
  readonly blockchain: Blockchain;
  readonly transactions: TransactionReader;
  readonly broadcaster: ChainBroadcaster;
  readonly hotWallet: HotWallet;
  // Null on a chain bound by memo (one shared address per chain, Stellar).
  readonly depositAccounts: DepositAccountsAdapter | null;
}

// A transfer into one of our addresses, with why its memo cannot name a transaction (chains
// bound by memo; null elsewhere).
export interface DetectedDeposit {
  readonly fact: DepositDetectedV1;
  readonly memoProblem: string | null;
}

// What a chain says about one transaction, read once; which of its recipients are ours is
// decided by the caller (`deposits`, given the deposit addresses and accounts it knows).
export type TransactionReading =
  | Exclude<VerifyTransferResponse, { status: 'found' }>
  | {
      readonly status: 'landed';
      // The addresses it paid that may be per-transaction deposit accounts.
      readonly recipients: readonly string[];
      readonly deposits: (ours: ChainView, transactionId: string | null) => DetectedDeposit[];
    };

export interface TransactionReader {
  read(onChainTx: string): Promise<TransactionReading>;
}

// Sends signed transactions (refunds, sweeps) and follows them: broadcast once, look up by hash,
// and tell whether one not seen yet can still land.
export interface ChainBroadcaster {
  broadcast(signed: SignedChainTransaction): Promise<ChainVerdict>;
  lookup(signed: SignedChainTransaction): Promise<ChainVerdict>;
  canStillLand(signed: SignedChainTransaction): Promise<boolean>;
  // What a landed transaction cost its fee payer, in the chain's native coin (decimal string).
  feeOf(signed: SignedChainTransaction): Promise<string>;
}

export interface SignedRefund {
  readonly payload: string;
  readonly hash: string;
  readonly validUntil?: Date;
  readonly lastValidBlockHeight?: number;
  readonly nonce?: number;
}

// The chain's hot wallet, which sends refunds and is the treasury sweeps pay into.
export interface HotWallet {
  // Null when this chain's hot-wallet key is not configured.
  readonly address: string | null;
  // Why the wallet cannot sign (the variable that is not set), or null.
  readonly missingKey: string | null;
  // Builds and signs (no broadcast); throws RefundRefusedError when the transfer can never be
  // made (bad destination, amount).
  signTransfer(
    transfer: { readonly destination: string; readonly amount: string },
    asset: ActiveAssetView,
  ): Promise<SignedRefund>;
}

// A per-transaction deposit account as the adapters see it.
export interface DepositAccountRef {
  readonly transactionId: string;
  readonly address: string;
  readonly asset: string;
}

// Chains with one deposit address per transaction, derived from the master secret.
export interface DepositAccountsAdapter {
  address(transactionId: string): string;
  readonly scanner: DepositScanner;
  readonly sweeps: SweepPlanner;
}

// Reads the transfers into watched accounts over a range of confirmed heights (blocks, slots);
// the cursor over those heights is the deposit watcher's.
export interface DepositScanner {
  // The stream_cursor row the watcher keeps for this chain.
  readonly stream: string;
  // Where a first start or a rescan begins: this many heights below the confirmed head.
  readonly safeLookback: number;
  // At most this many heights per read (the cursor commits after each).
  readonly heightsPerRead: number;
  confirmedHeight(): Promise<number>;
  // Facts without a transactionId (the watcher names the account's).
  transfersTo(scan: DepositScan): Promise<DepositDetectedV1[]>;
}

export interface DepositScan {
  readonly accounts: readonly DepositAccountRef[];
  readonly assets: readonly ActiveAssetView[];
  // Heights, both included.
  readonly from: number;
  readonly to: number;
}

// A non-empty balance a sweep takes from one deposit account, in the asset's smallest unit.
export interface SweepBalance {
  readonly source: string;
  readonly asset: ActiveAssetView;
  readonly raw: bigint;
}

// An item of a sweep as planned (amount in whole tokens).
export interface PlannedSweepItem {
  readonly id: string;
  readonly transactionId: string;
  readonly address: string;
  readonly source: string;
  readonly asset: string;
  readonly amount: string;
}

export type SweepAttemptKind = 'GAS' | 'TRANSFER';

export interface LandedSweepAttempt {
  readonly kind: SweepAttemptKind;
  readonly itemId: string | null;
}

// The next transaction of a sweep, signed; `itemId` null when it moves every item at once.
export interface SweepTransaction {
  readonly kind: SweepAttemptKind;
  readonly itemId: string | null;
  readonly signed: SignedChainTransaction;
  // What a GAS transaction sends, in the native coin.
  readonly value: string | null;
}

export interface SweepPlanner {
  // How many deposit accounts one sweep takes, and how many balances one sweep moves at most
  // (the accounts past it go back to a later sweep; the first account is always taken).
  readonly accountsPerSweep: number;
  readonly balancesPerSweep: number;
  // Whether the treasury sends deposit addresses their gas (then `gas_funded` is accounted).
  readonly fundsGas: boolean;
  balances(account: DepositAccountRef, assets: readonly ActiveAssetView[]): Promise<SweepBalance[]>;
  // Null once the landed attempts moved every item.
  next(sweep: SweepProgress): Promise<SweepTransaction | null>;
}

export interface SweepProgress {
  readonly items: readonly PlannedSweepItem[];
  readonly landed: readonly LandedSweepAttempt[];
  readonly assets: readonly ActiveAssetView[];
}
