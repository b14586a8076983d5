import { TransactionTraceparent1796630000001 } from './1796630000001-transaction-traceparent.js';

// Applied in this order; `npm run migrate -- generate --app transaction-service --into transactions` appends here.
export const transactionsMigrations = [TransactionTraceparent1796630000001];
