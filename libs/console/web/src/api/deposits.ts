import type { Blockchain } from '@shared/contracts';
import type { ListPage } from './list-page.js';

// transaction-service's answers: GET /ops/deposits/unmatched, POST /ops/transactions/reconcile-hash,
// POST /ops/deposits/{id}/refund and /assign.
export interface UnmatchedDeposit {
  readonly id: string;
  readonly blockchain: Blockchain;
  readonly on_chain_tx: string;
  readonly cryptoCurrency: string;
  readonly depositAddress: string;
  readonly sender: string;
  readonly amount: string;
  readonly memo: string | null;
  readonly reason: string | null;
  readonly confirmedAt: string;
}

// What an operator does with a held transfer: send it back, or give it to its transaction.
export type HeldDepositAction = 'refund' | 'assign';

// A held transfer once an operator resolved it.
export interface ResolvedDeposit extends UnmatchedDeposit {
  readonly outcome: string;
  readonly transactionId: string | null;
  readonly transactionStatus: string | null;
  readonly resolution: {
    readonly action: HeldDepositAction;
    readonly actor: string;
    readonly resolvedAt: string;
    readonly destination: string | null;
    readonly transactionId: string | null;
  };
  readonly refunds: ReadonlyArray<{
    readonly status: string;
    readonly destination: string;
    readonly amount: string;
    readonly reason: string;
  }>;
}

export interface UnmatchedDepositPage extends ListPage {
  readonly deposits: readonly UnmatchedDeposit[];
}

export interface ReconcileResult {
  readonly result: string;
  readonly transaction_id: string | null;
  readonly status: string | null;
  readonly reason?: string;
}
