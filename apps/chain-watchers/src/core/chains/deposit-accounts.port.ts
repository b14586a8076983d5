import type { ActiveAssetView, DepositDetectedV1 } from '@shared/contracts';
import type { SweepPlanner } from './sweep-planner.port.js';

// The part of a chain's adapter that chains with per-transaction deposit addresses add (Solana,
// Celo): the address of a transaction, reading transfers into our accounts, and sweeps.
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

// Reads the transfers into our accounts, in one of two ways.
export type DepositScanner = HeightRangeScanner | AccountScanner;

// Over a range of confirmed heights (blocks): every transfer of an active token in the range is
// looked at, and those into any of our accounts (however old) are facts. The watcher keeps a
// cursor over those heights, with the hash of the block it stopped at (a chain reset shows).
export interface HeightRangeScanner {
  readonly reads: 'height-ranges';
  // The stream_cursor row the watcher keeps for this chain.
  readonly stream: string;
  // Where a first start or a rescan begins: this many heights below the confirmed head.
  readonly safeLookback: number;
  // At most this many heights per read (the cursor commits after each).
  readonly heightsPerRead: number;
  confirmedHeight(): Promise<number>;
  // The block's hash (null: no such block).
  hashAt(height: number): Promise<string | null>;
  // Facts without a transactionId (the watcher names the account's).
  transfersIn(scan: HeightRangeScan): Promise<DepositDetectedV1[]>;
}

export interface HeightRangeScan extends HeightRange {
  readonly assets: readonly ActiveAssetView[];
  // Which of these recipients are our deposit accounts.
  accountsAmong(addresses: readonly string[]): Promise<readonly DepositAccountRef[]>;
}

// Account by account, each one's latest transfers whatever their height: for a chain with no
// query by height range, or where a transfer reaches finality some time after its height (a
// cursor that moved past its height meanwhile would miss it for good). No cursor: the ledger
// records a transfer once, however often it is read.
export interface AccountScanner {
  readonly reads: 'accounts';
  // Facts without a transactionId (the watcher names the account's).
  transfersTo(scan: AccountScan): Promise<DepositDetectedV1[]>;
}

export interface AccountScan {
  readonly accounts: readonly DepositAccountRef[];
  readonly assets: readonly ActiveAssetView[];
  // Which of these chain transactions already gave `address` a recorded transfer (not read again).
  recordedAmong(address: string, onChainTxs: readonly string[]): Promise<ReadonlySet<string>>;
}

// Heights, both included.
export interface HeightRange {
  readonly from: number;
  readonly to: number;
}
