export enum KycErrorCode {
  INVALID_SUBMISSION = 'invalid_submission',
  DOCUMENT_TOO_LARGE = 'document_too_large',
}

// A KYC request refused for something the client sent. `reason` is safe to show: it never
// carries parser, driver or storage text.
export class KycError extends Error {
  constructor(
    readonly code: KycErrorCode,
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'KycError';
  }
}

export const invalidSubmission = (reason: string) => new KycError(KycErrorCode.INVALID_SUBMISSION, reason);
