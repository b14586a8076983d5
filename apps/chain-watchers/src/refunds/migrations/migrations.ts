import { RefundTraceparent1796630000004 } from './1796630000004-refund-traceparent.js';

// Applied in this order; `npm run migrate -- generate --app chain-watchers --into refunds` appends here.
export const refundsMigrations = [RefundTraceparent1796630000004];
