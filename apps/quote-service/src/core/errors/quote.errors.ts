import { CodedError } from '@shared/util';

export enum QuoteErrorCode {
  CORRIDOR_UNAVAILABLE = 'corridor_unavailable',
  MINIMUM = 'minimum',
  MAXIMUM = 'maximum',
  QUOTE_UNAVAILABLE = 'quote_unavailable',
  QUOTE_NOT_FOUND = 'quote_not_found',
  CORRIDOR_NOT_FOUND = 'corridor_not_found',
  INVALID_CORRIDOR = 'invalid_request',
  INSUFFICIENT_LIQUIDITY = 'insufficient_liquidity',
}

// A quote that cannot be given.
export class QuoteError extends CodedError<QuoteErrorCode> {}
