import type { TransactionStatus } from '@shared/contracts';

// GET /transactions/stats (transaction-service).
export interface DailyActivity {
  readonly day: string;
  readonly cryptoCurrency: string;
  readonly blockchain: string;
  readonly paymentMethod: string;
  readonly targetCurrency: string;
  readonly count: number;
  // Exact decimal string: shown as text, never added up in floating point.
  readonly volume: string;
}

export interface TransactionStats {
  readonly since: string;
  readonly daily: readonly DailyActivity[];
  readonly statuses: ReadonlyArray<{ readonly status: TransactionStatus; readonly count: number }>;
}

export const corridorOf = (row: DailyActivity) =>
  `${row.cryptoCurrency} ${row.blockchain} → ${row.paymentMethod} ${row.targetCurrency}`;

// GET /transactions/figures (the overview's tiles) over the transactions list's filter.
export interface TransactionFigures {
  readonly from: string | null;
  readonly to: string | null;
  readonly count: number;
  // Crypto received per currency (source amounts, fee included): exact decimal strings.
  readonly volume: ReadonlyArray<{
    readonly currency: string;
    readonly amount: string;
    readonly count: number;
  }>;
  readonly completed: number;
  // PAYMENT_FAILED and WRONG_AMOUNT.
  readonly failed: number;
  // Transactions with a refund sent.
  readonly refunded: number;
  // completed ÷ (completed + failed), 0–1; null when neither happened.
  readonly successRate: number | null;
}
