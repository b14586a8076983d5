import type { PresentedError } from '@platform/http';
import { refusal } from '../core/errors/gateway-error.presenter.js';
import {
  SandboxPaymentError,
  SandboxPaymentErrorCode,
  type SandboxPaymentRefusal,
} from './sandbox-payments.errors.js';

export function presentSandboxPaymentError(error: unknown): PresentedError | null {
  if (!(error instanceof SandboxPaymentError)) return null;
  const [status, reason] = statusAndReason(error.refusal);
  return refusal(status, error.code, reason);
}

function statusAndReason(refused: SandboxPaymentRefusal): [number, string] {
  switch (refused.code) {
    case SandboxPaymentErrorCode.SANDBOX_UNAVAILABLE:
      return [404, 'Sandbox payments are not available here: the chains are real'];
    case SandboxPaymentErrorCode.TRANSACTION_NOT_FOUND:
      return [404, 'Transaction not found'];
    case SandboxPaymentErrorCode.TRANSACTION_EXPIRED:
      return [409, 'The transaction expired before its deposit was paid'];
    case SandboxPaymentErrorCode.DEPOSIT_ALREADY_RECEIVED:
      return [409, 'The transaction is no longer awaiting its deposit'];
    case SandboxPaymentErrorCode.DEPOSIT_ALREADY_SENT:
      return [409, 'The sandbox already sent this deposit; the transaction moves on once it is seen'];
    case SandboxPaymentErrorCode.QUOTE_EXPIRED:
      return [
        409,
        `The quote expired at ${refused.quoteExpiresAt.toISOString()}: a deposit now would be refunded ` +
          'as expired. To pay it late anyway (to test that refund), send {"late": true}',
      ];
  }
}
