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
