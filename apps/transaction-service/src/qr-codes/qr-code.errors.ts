export enum QrCodeErrorCode {
  MISSING = 'missing',
  TOO_LONG = 'too_long',
  UNPARSEABLE = 'unparseable',
  BAD_CHECKSUM = 'bad_checksum',
  NOT_PIX = 'not_pix',
  INVALID_AMOUNT = 'invalid_amount',
}

// A QR payload that cannot be decoded. `reason` is safe to show to the partner: it never
// carries the parser's own text.
export class QrCodeError extends Error {
  constructor(
    readonly code: QrCodeErrorCode,
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'QrCodeError';
  }
}
