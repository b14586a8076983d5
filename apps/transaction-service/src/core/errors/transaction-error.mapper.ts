import type { DomainErrorMapper } from '@payout/errors';
import { TransactionError, TransactionErrorCode } from './transaction.errors.js';

export const mapTransactionError: DomainErrorMapper = (error) =>
  error instanceof TransactionError
    ? {
        status: statusOf(error.code),
        body: { code: error.code, reason: error.reason, retryable: retryable(error.code) },
      }
    : null;

function statusOf(code: TransactionErrorCode): number {
  switch (code) {
    case TransactionErrorCode.INVALID_REQUEST:
    case TransactionErrorCode.QUOTE_EXPIRED:
    case TransactionErrorCode.CORRIDOR_UNAVAILABLE:
      return 400;
    case TransactionErrorCode.QUOTE_NOT_FOUND:
    case TransactionErrorCode.TRANSACTION_NOT_FOUND:
      return 404;
    case TransactionErrorCode.INVALID_TRANSITION:
      return 409;
    case TransactionErrorCode.IDEMPOTENCY_KEY_REUSED:
      return 422;
    case TransactionErrorCode.UPSTREAM_UNAVAILABLE:
      return 503;
  }
}

// Only a service that did not answer is worth retrying unchanged.
function retryable(code: TransactionErrorCode): boolean {
  return code === TransactionErrorCode.UPSTREAM_UNAVAILABLE;
}
