import { CodedError } from '@shared/util';

export enum WalletAuthErrorCode {
  INVALID_ADDRESS = 'invalid_address',
  UNSUPPORTED_CHAIN = 'unsupported_chain',
  MALFORMED_SIGNATURE = 'malformed_signature',
  UNKNOWN_CHALLENGE = 'unknown_challenge',
  CHALLENGE_USED = 'challenge_used',
  CHALLENGE_EXPIRED = 'challenge_expired',
  CHALLENGE_MISMATCH = 'challenge_mismatch',
  INVALID_SIGNATURE = 'invalid_signature',
  INVALID_REFRESH_TOKEN = 'invalid_refresh_token',
  REFRESH_TOKEN_REUSED = 'refresh_token_reused',
}

// A wallet sign-in step that failed.
export class WalletAuthError extends CodedError<WalletAuthErrorCode> {}
