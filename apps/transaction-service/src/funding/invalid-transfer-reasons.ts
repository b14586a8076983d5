import type { VerifyInvalidReason } from '@shared/contracts';

// Why chain-watchers says a chain transaction cannot fund anything, in words for callers.
export const INVALID_TRANSFER_REASONS: Readonly<Record<VerifyInvalidReason, string>> = {
  failed: 'The transaction failed on chain',
  no_deposit: 'The transaction moved no USDC or USDT into a deposit address',
};
