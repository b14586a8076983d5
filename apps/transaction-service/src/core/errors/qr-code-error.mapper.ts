import type { DomainErrorMapper } from '@payout/errors';
import { QrCodeError, QrCodeErrorCode } from './qr-code.errors.js';

export const mapQrCodeError: DomainErrorMapper = (error) =>
  error instanceof QrCodeError
    ? {
        status: statusOf(error.code),
        body: { code: 'invalid_request', reason: error.reason, retryable: false },
      }
    : null;

// Every refusal is about the payload the client sent: only a different request can succeed.
function statusOf(code: QrCodeErrorCode): number {
  switch (code) {
    case QrCodeErrorCode.MISSING:
    case QrCodeErrorCode.TOO_LONG:
    case QrCodeErrorCode.UNPARSEABLE:
    case QrCodeErrorCode.BAD_CHECKSUM:
    case QrCodeErrorCode.NOT_PIX:
    case QrCodeErrorCode.INVALID_AMOUNT:
      return 400;
  }
}
