import {
  DefaultErrorPresenter,
  authenticationFailedBody,
  invalidRequestBody,
  type ErrorPresenter,
  type PresentedError,
} from '@platform/http';
import { PartnerError, PartnerErrorCode } from './partners/partners.errors.js';
import { WalletAuthError, WalletAuthErrorCode } from './wallet-auth/wallet-auth.errors.js';

export class GatewayErrorPresenter implements ErrorPresenter {
  private readonly platform = new DefaultErrorPresenter();

  present(error: unknown): PresentedError | null {
    if (error instanceof PartnerError) {
      return { status: 404, body: { message: partnerErrorMessage(error.code), code: error.code } };
    }
    if (error instanceof WalletAuthError) return presentWalletAuthError(error);
    return this.platform.present(error);
  }

  presentUnexpected(errorId: string): PresentedError {
    return this.platform.presentUnexpected(errorId);
  }
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
