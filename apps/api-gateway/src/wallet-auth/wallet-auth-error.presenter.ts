import { authenticationFailedBody, invalidRequestBody, type PresentedError } from '@platform/http';
import { WalletAuthError, WalletAuthErrorCode } from './wallet-auth.errors.js';

// A request the client must change is 400; a proof that does not hold is 401 (start again
// with a new challenge or sign-in), both in the platform's error shape.
export function presentWalletAuthError(error: unknown): PresentedError | null {
  if (!(error instanceof WalletAuthError)) return null;
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
