import type { DomainErrorMapper } from '@payout/errors';
import { HeldDepositError, HeldDepositErrorCode } from './held-deposit.errors.js';

// None is worth retrying unchanged: the deposit or the transaction named has to change first.
export const mapHeldDepositError: DomainErrorMapper = (error) =>
  error instanceof HeldDepositError
    ? { status: statusOf(error.code), body: { code: error.code, reason: error.reason, retryable: false } }
    : null;

function statusOf(code: HeldDepositErrorCode): number {
  switch (code) {
    case HeldDepositErrorCode.DEPOSIT_NOT_FOUND:
      return 404;
    case HeldDepositErrorCode.DEPOSIT_ALREADY_RESOLVED:
      return 409;
    case HeldDepositErrorCode.DEPOSIT_NOT_ASSIGNABLE:
      return 422;
  }
}
