import type { Blockchain, PaymentMethod, TransactionStatus } from '@shared/contracts';
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

export interface TransactionFilters {
  readonly q: string;
  readonly status: TransactionStatus | '';
  readonly blockchain: Blockchain | '';
  readonly paymentMethod: PaymentMethod | '';
  readonly from: string;
  readonly to: string;
}

export const NO_FILTERS: TransactionFilters = {
  q: '',
  status: '',
  blockchain: '',
  paymentMethod: '',
  from: '',
  to: '',
};
