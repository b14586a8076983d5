import { AmountBelowFeeError, InvalidAmountError } from '@payout/money';
import { PayoutErrorPresenter, type DomainErrorMapper } from '@payout/errors';
import { QuoteError, QuoteErrorCode } from './quote.errors.js';

const mapQuoteError: DomainErrorMapper = (error) => {
  if (error instanceof QuoteError)
    return { status: statusOf(error.code), body: bodyOf(error.code, error.reason) };
  if (error instanceof InvalidAmountError) {
    return { status: 400, body: { code: 'invalid_request', reason: error.reason, retryable: false } };
  }
  if (error instanceof AmountBelowFeeError) {
    return {
      status: 400,
      body: bodyOf(QuoteErrorCode.MINIMUM, `The amount does not cover the fee of ${error.fee.toFixed(6)}`),
    };
  }
  return null;
};

function statusOf(code: QuoteErrorCode): number {
  switch (code) {
    case QuoteErrorCode.CORRIDOR_UNAVAILABLE:
    case QuoteErrorCode.MINIMUM:
    case QuoteErrorCode.MAXIMUM:
    case QuoteErrorCode.INVALID_CORRIDOR:
      return 400;
    case QuoteErrorCode.QUOTE_NOT_FOUND:
    case QuoteErrorCode.CORRIDOR_NOT_FOUND:
      return 404;
    case QuoteErrorCode.INSUFFICIENT_LIQUIDITY:
      return 422;
    case QuoteErrorCode.QUOTE_UNAVAILABLE:
      return 500;
  }
}

// Only a missing price and a rail short of funds are worth retrying unchanged (prices come back,
// rails are topped up): the other refusals hold until the request or the catalogue changes.
function bodyOf(code: QuoteErrorCode, reason: string) {
  return { code, reason, retryable: RETRYABLE.has(code) };
}

const RETRYABLE: ReadonlySet<QuoteErrorCode> = new Set([
  QuoteErrorCode.QUOTE_UNAVAILABLE,
  QuoteErrorCode.INSUFFICIENT_LIQUIDITY,
]);

export const quoteErrorPresenter = new PayoutErrorPresenter(mapQuoteError);
