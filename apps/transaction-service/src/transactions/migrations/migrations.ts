import { TransactionTraceparent1796630000001 } from './1796630000001-transaction-traceparent.js';
import { TransactionPartnerCreatedIndex1796800000001 } from './1796800000001-transaction-partner-created-index.js';
import { TransactionFeeRate1796800000003 } from './1796800000003-transaction-fee-rate.js';

// Applied in this order; `npm run migrate -- generate --app transaction-service --into transactions` appends here.
export const transactionsMigrations = [
  TransactionTraceparent1796630000001,
  TransactionPartnerCreatedIndex1796800000001,
  TransactionFeeRate1796800000003,
];
