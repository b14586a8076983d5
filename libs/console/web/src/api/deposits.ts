import type { Blockchain } from '@shared/contracts';
import type { ListPage } from './list-page.js';

// transaction-service's answers: GET /ops/deposits/unmatched, POST /ops/transactions/reconcile-hash.
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

export interface UnmatchedDepositPage extends ListPage {
  readonly deposits: readonly UnmatchedDeposit[];
}

export interface ReconcileResult {
  readonly result: string;
  readonly transaction_id: string | null;
  readonly status: string | null;
  readonly reason?: string;
}
