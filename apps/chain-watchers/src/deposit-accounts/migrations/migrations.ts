import { DepositAccountTraceparent1796630000002 } from './1796630000002-deposit-account-traceparent.js';

// Applied in this order; `npm run migrate -- generate --app chain-watchers --into deposit-accounts` appends here.
export const depositAccountsMigrations = [DepositAccountTraceparent1796630000002];
