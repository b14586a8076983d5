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

// A wallet sign-in step that failed. `reason` is safe to show: it names what to fix, never a
// library's message.
export class WalletAuthError extends Error {
  constructor(
    readonly code: WalletAuthErrorCode,
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'WalletAuthError';
  }
}
