import { describe, expect, it } from '@jest/globals';
import { presentSandboxPaymentError } from './sandbox-payment-error.presenter.js';
import { SandboxPaymentError, SandboxPaymentErrorCode } from './sandbox-payments.errors.js';

describe(presentSandboxPaymentError.name, () => {
  it('answers an expired quote 409 in the gateway shape, naming when it expired and how to pay late', () => {
    const error = new SandboxPaymentError({
      code: SandboxPaymentErrorCode.QUOTE_EXPIRED,
      quoteExpiresAt: new Date('2026-03-01T12:00:00Z'),
    });
    const reason =
      'The quote expired at 2026-03-01T12:00:00.000Z: a deposit now would be refunded as expired. ' +
      'To pay it late anyway (to test that refund), send {"late": true}';
    expect(presentSandboxPaymentError(error)).toEqual({
      status: 409,
      body: { message: reason, code: 'quote_expired', reason, retryable: false },
    });
  });

  it('leaves other errors to the next presenter', () => {
    expect(presentSandboxPaymentError(new Error('quote_expired'))).toBeNull();
  });
});
