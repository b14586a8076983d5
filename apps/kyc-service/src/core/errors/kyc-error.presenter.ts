import { PayoutErrorPresenter, type DomainErrorMapper, type PayoutErrorBody } from '@payout/errors';
import { KycError, KycErrorCode } from './kyc.errors.js';

// Every KYC refusal is the client's to fix, `invalid_request`, never retryable as sent; but a
// document the scanner could not look at may pass once it answers again.
const mapKycError: DomainErrorMapper = (error) =>
  error instanceof KycError ? presented(error.code, error.reason) : null;

function presented(code: KycErrorCode, reason: string): { status: number; body: PayoutErrorBody } {
  switch (code) {
    case KycErrorCode.INVALID_SUBMISSION:
    case KycErrorCode.DOCUMENT_INFECTED:
      return { status: 400, body: { code: 'invalid_request', reason, retryable: false } };
    case KycErrorCode.DOCUMENT_TOO_LARGE:
      return { status: 413, body: { code: 'invalid_request', reason, retryable: false } };
    case KycErrorCode.SCANNER_UNAVAILABLE:
      return { status: 503, body: { code: 'server_error', reason, retryable: true } };
  }
}

export const kycErrorPresenter = new PayoutErrorPresenter(mapKycError);
