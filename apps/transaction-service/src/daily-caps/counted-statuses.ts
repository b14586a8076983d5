import { TransactionStatus } from '@shared/contracts';

// Which statuses hold a transaction's share of its day's caps (README, "Payout limits"). A
// share is taken at accept (AWAITING_PAYMENT) and kept while the payout may still happen or has
// happened; a move to a status where no payout will be made gives it back, in the database
// transaction of that move. Every status decides here, so a new one cannot be forgotten.
export const HOLDS_CAP_SHARE: Readonly<Record<TransactionStatus, boolean>> = {
  [TransactionStatus.AWAITING_PAYMENT]: true,
  [TransactionStatus.PROCESSING_PAYMENT]: true,
  [TransactionStatus.PAYMENT_COMPLETED]: true,
  [TransactionStatus.PAYMENT_FAILED]: false,
  [TransactionStatus.WRONG_AMOUNT]: false,
  [TransactionStatus.PAYMENT_EXPIRED]: false,
};
