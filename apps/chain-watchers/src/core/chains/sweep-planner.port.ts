import type { ActiveAssetView } from '@shared/contracts';
import type { DepositAccountRef } from './deposit-accounts.port.js';
import type { SignedChainTransaction } from './signed-chain-transaction.js';

// The sweep part of a chain with per-transaction deposit accounts: what its planner reads from a
// deposit account and the transactions it signs to move those balances to the treasury.
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
  // A new round: the sweeper advances several sweeps of the chain together, signing each one's
  // next transaction within one round and then broadcasting them all at once.
  round(): SweepRound;
}

// What the transactions signed within one round share: on Celo, the treasury's nonces (the gas
// for every deposit address of a round goes out at once, on consecutive nonces).
export interface SweepRound {
  // The sweep's next transaction; null once the landed attempts moved every item.
  next(sweep: SweepProgress): Promise<SweepTransaction | null>;
}

export interface SweepProgress {
  readonly items: readonly PlannedSweepItem[];
  readonly landed: readonly LandedSweepAttempt[];
  readonly assets: readonly ActiveAssetView[];
}
