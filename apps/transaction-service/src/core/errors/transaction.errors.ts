import { CodedError } from '@shared/util';

export enum TransactionErrorCode {
  INVALID_REQUEST = 'invalid_request',
  QUOTE_NOT_FOUND = 'quote_not_found',
  QUOTE_EXPIRED = 'quote_expired',
  CORRIDOR_UNAVAILABLE = 'corridor_unavailable',
  TRANSACTION_NOT_FOUND = 'transaction_not_found',
  IDEMPOTENCY_KEY_REUSED = 'idempotency_key_reused',
  INVALID_TRANSITION = 'invalid_transition',
  UPSTREAM_UNAVAILABLE = 'server_error',
}

// A transaction request or change that cannot be made.
export class TransactionError extends CodedError<TransactionErrorCode> {}

export const transactionNotFound = () =>
  new TransactionError(TransactionErrorCode.TRANSACTION_NOT_FOUND, 'Transaction not found');

export const invalidTransactionRequest = (reason: string) =>
  new TransactionError(TransactionErrorCode.INVALID_REQUEST, reason);
