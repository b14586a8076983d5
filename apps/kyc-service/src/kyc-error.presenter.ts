import { PayoutErrorPresenter, type DomainErrorMapper } from '@payout/errors';
import { KycError, KycErrorCode } from './submissions/kyc.errors.js';

// Every KYC refusal is the client's to fix: `invalid_request`, never retryable as sent.
const mapKycError: DomainErrorMapper = (error) =>
  error instanceof KycError
    ? {
        status: statusOf(error.code),
        body: { code: 'invalid_request', reason: error.reason, retryable: false },
      }
    : null;

function statusOf(code: KycErrorCode): number {
  switch (code) {
    case KycErrorCode.INVALID_SUBMISSION:
      return 400;
    case KycErrorCode.DOCUMENT_TOO_LARGE:
      return 413;
  }
}

export const kycErrorPresenter = new PayoutErrorPresenter(mapKycError);
