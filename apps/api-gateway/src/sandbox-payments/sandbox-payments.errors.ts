export enum SandboxPaymentErrorCode {
  SANDBOX_UNAVAILABLE = 'sandbox_unavailable',
  TRANSACTION_NOT_FOUND = 'transaction_not_found',
  TRANSACTION_EXPIRED = 'transaction_expired',
  DEPOSIT_ALREADY_RECEIVED = 'deposit_already_received',
  DEPOSIT_ALREADY_SENT = 'deposit_already_sent',
  QUOTE_EXPIRED = 'quote_expired',
}

// What was refused, with what its reason names: the quote's end for QUOTE_EXPIRED.
export type SandboxPaymentRefusal =
  | { readonly code: Exclude<SandboxPaymentErrorCode, SandboxPaymentErrorCode.QUOTE_EXPIRED> }
  | { readonly code: SandboxPaymentErrorCode.QUOTE_EXPIRED; readonly quoteExpiresAt: Date };

export class SandboxPaymentError extends Error {
  constructor(readonly refusal: SandboxPaymentRefusal) {
    super(refusal.code);
    this.name = 'SandboxPaymentError';
  }

  get code(): SandboxPaymentErrorCode {
    return this.refusal.code;
  }
}
