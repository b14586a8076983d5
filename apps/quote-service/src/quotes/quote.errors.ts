export enum QuoteErrorCode {
  CORRIDOR_UNAVAILABLE = 'corridor_unavailable',
  MINIMUM = 'minimum',
  MAXIMUM = 'maximum',
  QUOTE_UNAVAILABLE = 'quote_unavailable',
  QUOTE_NOT_FOUND = 'quote_not_found',
  CORRIDOR_NOT_FOUND = 'corridor_not_found',
  INVALID_CORRIDOR = 'invalid_request',
}

// A quote that cannot be given. `reason` is safe to show to the partner: it never carries
// provider or driver text.
export class QuoteError extends Error {
  constructor(
    readonly code: QuoteErrorCode,
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'QuoteError';
  }
}
