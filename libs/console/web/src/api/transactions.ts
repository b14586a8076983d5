import type { Blockchain, PaymentMethod, TransactionStatus } from '@shared/contracts';
import { dayRange } from '../format/day-range.js';
import type { TimeZoneChoice } from '../format/time.js';
import type { ListPage } from './list-page.js';

// GET /transactions (transaction-service's TransactionSummaryDto).
export interface TransactionSummary {
  readonly id: string;
  readonly status: TransactionStatus;
  readonly userId: string;
  readonly transactionReference: string;
  readonly onChainTxHash: string | null;
  readonly blockchain: Blockchain;
  readonly cryptoCurrency: string;
  readonly paymentMethod: PaymentMethod;
  readonly targetCurrency: string;
  readonly sourceAmount: string;
  readonly targetAmount: string;
  readonly createdAt: string;
  readonly statusChangedAt: string;
}

export interface TransactionSearch extends ListPage {
  readonly transactions: readonly TransactionSummary[];
}

// A type rather than an interface: it is also a page's query (layout/router.ts setQuery).
export type TransactionFilters = {
  readonly q: string;
  readonly status: TransactionStatus | '';
  readonly blockchain: Blockchain | '';
  readonly paymentMethod: PaymentMethod | '';
  readonly from: string;
  readonly to: string;
};

// The filters a page's query names (unknown names ignored; the API refuses unknown values).
export function filtersOf(query: URLSearchParams): TransactionFilters {
  const read = <K extends keyof TransactionFilters>(name: K) =>
    (query.get(name) ?? '') as TransactionFilters[K];
  return {
    q: read('q'),
    status: read('status'),
    blockchain: read('blockchain'),
    paymentMethod: read('paymentMethod'),
    from: read('from'),
    to: read('to'),
  };
}

// The one filter GET /transactions, /transactions/export and /transactions/figures share, so a
// list, its CSV and its figures always describe the same transactions.
export function apiFilterOf(filters: TransactionFilters, zone: TimeZoneChoice) {
  return {
    q: filters.q.trim(),
    status: filters.status,
    blockchain: filters.blockchain,
    paymentMethod: filters.paymentMethod,
    ...dayRange(filters.from, filters.to, zone),
  };
}
