import { CodedError } from '@shared/util';

export enum QrCodeErrorCode {
  MISSING = 'missing',
  TOO_LONG = 'too_long',
  UNPARSEABLE = 'unparseable',
  BAD_CHECKSUM = 'bad_checksum',
  NOT_PIX = 'not_pix',
  INVALID_AMOUNT = 'invalid_amount',
}

// A QR payload that cannot be decoded.
export class QrCodeError extends CodedError<QrCodeErrorCode> {}
