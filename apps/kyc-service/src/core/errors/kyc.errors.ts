import { CodedError } from '@shared/util';

export enum KycErrorCode {
  INVALID_SUBMISSION = 'invalid_submission',
  DOCUMENT_TOO_LARGE = 'document_too_large',
  DOCUMENT_INFECTED = 'document_infected',
  SCANNER_UNAVAILABLE = 'scanner_unavailable',
}

// A KYC request refused for something the client sent, or because its document could not be
// scanned.
export class KycError extends CodedError<KycErrorCode> {}

export const invalidSubmission = (reason: string) => new KycError(KycErrorCode.INVALID_SUBMISSION, reason);
