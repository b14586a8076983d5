import type { DomainErrorMapper } from '@payout/errors';
import { FundingError, FundingErrorCode } from './funding.errors.js';

export const mapFundingError: DomainErrorMapper = (error) =>
  error instanceof FundingError
    ? {
        status: statusOf(error.code),
        body: { code: error.code, reason: error.reason, retryable: retryable(error.code) },
      }
    : null;

function statusOf(code: FundingErrorCode): number {
  switch (code) {
    case FundingErrorCode.TRANSFER_REJECTED:
      return 400;
    case FundingErrorCode.TRANSFER_NOT_FOUND:
      return 404;
    case FundingErrorCode.CHAIN_UNAVAILABLE:
      return 503;
  }
}

// A transfer not confirmed yet, or chain-watchers not answering, may succeed later unchanged.
function retryable(code: FundingErrorCode): boolean {
  return code !== FundingErrorCode.TRANSFER_REJECTED;
}
