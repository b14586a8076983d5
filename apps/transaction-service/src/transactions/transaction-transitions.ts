import { TransactionStatus } from '@shared/contracts';
import { TransactionError, TransactionErrorCode } from '../core/errors/transaction.errors.js';

const {
  AWAITING_PAYMENT,
  PROCESSING_PAYMENT,
  PAYMENT_COMPLETED,
  PAYMENT_FAILED,
  WRONG_AMOUNT,
  PAYMENT_EXPIRED,
} = TransactionStatus;

// The moves a transaction may make; everything else is refused by `assertTransition`. Terminal
// states have no way out: refund outcomes are recorded beside the status, not as a move.
export const TRANSACTION_TRANSITIONS: Readonly<Record<TransactionStatus, readonly TransactionStatus[]>> = {
  [AWAITING_PAYMENT]: [PROCESSING_PAYMENT, PAYMENT_EXPIRED, WRONG_AMOUNT],
  [PROCESSING_PAYMENT]: [PAYMENT_COMPLETED, PAYMENT_FAILED],
  [PAYMENT_COMPLETED]: [],
  [PAYMENT_FAILED]: [],
  [WRONG_AMOUNT]: [],
  [PAYMENT_EXPIRED]: [],
};

export function isTerminal(status: TransactionStatus): boolean {
  return TRANSACTION_TRANSITIONS[status].length === 0;
}

export function assertTransition(from: TransactionStatus, to: TransactionStatus): void {
  if (!TRANSACTION_TRANSITIONS[from].includes(to)) {
    throw new TransactionError(
      TransactionErrorCode.INVALID_TRANSITION,
      `A transaction cannot move from ${from} to ${to}`,
    );
  }
}
