import { CodedError } from '@shared/util';

export enum KycErrorCode {
  INVALID_SUBMISSION = 'invalid_submission',
  DOCUMENT_TOO_LARGE = 'document_too_large',
}

// A KYC request refused for something the client sent.
export class KycError extends CodedError<KycErrorCode> {}

export const invalidSubmission = (reason: string) => new KycError(KycErrorCode.INVALID_SUBMISSION, reason);
