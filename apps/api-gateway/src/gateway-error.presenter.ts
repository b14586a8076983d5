import { HttpException } from '@nestjs/common';
import { PayoutErrorPresenter, type PayoutErrorBody } from '@payout/errors';
import {
  DefaultErrorPresenter,
  authenticationFailedBody,
  invalidRequestBody,
  type ErrorPresenter,
  type PresentedError,
} from '@platform/http';
import { PartnerError, PartnerErrorCode } from './partners/partners.errors.js';
import { SandboxPaymentError, SandboxPaymentErrorCode } from './sandbox-payments/sandbox-payments.errors.js';
import { WalletAuthError, WalletAuthErrorCode } from './wallet-auth/wallet-auth.errors.js';

// The gateway answers for the payout API (its own routes, and refusals of requests it proxies):
// every client error in the payout shape, with the `message` every error of the platform's own
// surface (health, metrics) and every 401 carries.
export class GatewayErrorPresenter implements ErrorPresenter {
  private readonly platform = new DefaultErrorPresenter();
  private readonly payout = new PayoutErrorPresenter(() => null);

  present(error: unknown): PresentedError | null {
    if (error instanceof PartnerError) {
      const reason = partnerErrorMessage(error.code);
      return { status: 404, body: withMessage({ code: error.code, reason, retryable: false }) };
    }
    if (error instanceof WalletAuthError) return presentWalletAuthError(error);
    if (error instanceof SandboxPaymentError) return presentSandboxPaymentError(error.code);
    if (error instanceof HttpException && error.getStatus() < 500) {
      const presented = this.payout.present(error);
      if (presented) return { ...presented, body: withMessage(presented.body as PayoutErrorBody) };
    }
    return this.platform.present(error);
  }

  presentUnexpected(errorId: string): PresentedError {
    return this.platform.presentUnexpected(errorId);
  }

  presentUnavailable(retryAfterSeconds: number): PresentedError {
    const presented = this.payout.presentUnavailable(retryAfterSeconds);
    return { ...presented, body: withMessage(presented.body as PayoutErrorBody) };
  }
}

// The gateway's own answer when the service that owns a request fails it: worth retrying.
export function upstreamFailure(status: 502 | 504, reason: string): PresentedError {
  return { status, body: withMessage({ code: 'server_error', reason, retryable: true }) };
}

function withMessage(body: PayoutErrorBody) {
  return { message: body.reason, ...body };
}

function partnerErrorMessage(code: PartnerErrorCode): string {
  switch (code) {
    case PartnerErrorCode.PARTNER_NOT_FOUND:
      return 'Partner not found';
    case PartnerErrorCode.API_KEY_NOT_FOUND:
      return 'API key not found';
  }
}

// A request the client must change is 400; a proof that does not hold is 401 (start again
// with a new challenge or sign-in), both in the platform's error shape.
function presentWalletAuthError(error: WalletAuthError): PresentedError {
  switch (error.code) {
    case WalletAuthErrorCode.INVALID_ADDRESS:
    case WalletAuthErrorCode.UNSUPPORTED_CHAIN:
    case WalletAuthErrorCode.MALFORMED_SIGNATURE:
      return { status: 400, body: invalidRequestBody(error.reason) };
    case WalletAuthErrorCode.UNKNOWN_CHALLENGE:
    case WalletAuthErrorCode.CHALLENGE_USED:
    case WalletAuthErrorCode.CHALLENGE_EXPIRED:
    case WalletAuthErrorCode.CHALLENGE_MISMATCH:
    case WalletAuthErrorCode.INVALID_SIGNATURE:
    case WalletAuthErrorCode.INVALID_REFRESH_TOKEN:
    case WalletAuthErrorCode.REFRESH_TOKEN_REUSED:
      return { status: 401, body: authenticationFailedBody(error.reason) };
  }
}

function presentSandboxPaymentError(code: SandboxPaymentErrorCode): PresentedError {
  const refused = (status: number, reason: string) => ({
    status,
    body: withMessage({ code, reason, retryable: false }),
  });
  switch (code) {
    case SandboxPaymentErrorCode.SANDBOX_UNAVAILABLE:
      return refused(404, 'Sandbox payments are not available here: the chains are real');
    case SandboxPaymentErrorCode.TRANSACTION_NOT_FOUND:
      return refused(404, 'Transaction not found');
    case SandboxPaymentErrorCode.TRANSACTION_EXPIRED:
      return refused(409, 'The transaction expired before its deposit was paid');
    case SandboxPaymentErrorCode.DEPOSIT_ALREADY_RECEIVED:
      return refused(409, 'The transaction is no longer awaiting its deposit');
    case SandboxPaymentErrorCode.DEPOSIT_ALREADY_SENT:
      return refused(409, 'The sandbox already sent this deposit; the transaction moves on once it is seen');
  }
}
