// chain-watchers asks transaction-service which transaction a memo-bound deposit's reference
// (@payout/rails: `binding: 'memo'`) names, and the W3C traceparent it was created in
// (`GET /internal/transaction-traces?reference=…`, service identity), so that it reports the
// deposit in the transaction's trace as it does for a transaction's own deposit account.
export interface TransactionTraceResponse {
  // Null when no transaction has that reference.
  readonly transactionId: string | null;
  // Null when the transaction was created outside any trace (or there is no such transaction).
  readonly traceparent: string | null;
}
