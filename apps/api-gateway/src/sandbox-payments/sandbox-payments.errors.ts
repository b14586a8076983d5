export enum SandboxPaymentErrorCode {
  SANDBOX_UNAVAILABLE = 'sandbox_unavailable',
  TRANSACTION_NOT_FOUND = 'transaction_not_found',
  TRANSACTION_EXPIRED = 'transaction_expired',
  DEPOSIT_ALREADY_RECEIVED = 'deposit_already_received',
  DEPOSIT_ALREADY_SENT = 'deposit_already_sent',
}

export class SandboxPaymentError extends Error {
  constructor(readonly code: SandboxPaymentErrorCode) {
    super(code);
    this.name = 'SandboxPaymentError';
  }
}
