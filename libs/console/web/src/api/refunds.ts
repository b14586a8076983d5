import type { ListPage } from './list-page.js';
// transaction-service's answer to GET /ops/refunds.
export type AttentionStatus = 'FAILED' | 'REQUESTED';

export interface RefundView {
  readonly id: string;
  // null: a held transfer's refund (it funds no transaction).
  readonly transactionId: string | null;
  readonly blockchain: string;
  readonly cryptoCurrency: string;
  readonly destination: string;
  readonly amount: string;
  readonly reason: string;
  readonly status: string;
  readonly on_chain_tx: string | null;
  readonly failureReason: string | null;
  readonly requestedAt: string;
  readonly settledAt: string | null;
}

export interface RefundPage extends ListPage {
  readonly refunds: readonly RefundView[];
}
