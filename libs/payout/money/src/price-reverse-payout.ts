import { AmountBelowFeeError } from './amount-below-fee.error.js';
import type { Decimal } from './decimal.js';
import { difference, product } from './exact-arithmetic.js';
import { feeOn, type FeeSchedule } from './fee-schedule.js';
import { fiatDecimals, type FiatCurrency } from './fiat-currency.js';
import { conversionRate, requestedAmount } from './pricing-input.js';
import { FEE_DECIMALS, roundAmount } from './rounding.js';

export interface ReversePayoutInput {
  // Crypto the customer sends, at most FEE_DECIMALS decimals.
  readonly sourceAmount: Decimal;
  readonly fiatCurrency: FiatCurrency;
  // Fiat units per one unit of the source crypto.
  readonly rate: Decimal;
  readonly fee: FeeSchedule;
}

export interface ReversePayoutPrice {
  // Fiat the recipient gets after fees, rounded down to the currency's decimals.
  readonly value: Decimal;
  // Fee charged on sourceAmount, half-up to FEE_DECIMALS, in crypto.
  readonly fee: Decimal;
}

// The customer chooses what to send; we work out what the recipient gets. A source finer than the
// fee's grid would make the result non-monotonic: 0.0000009 more crypto can push the half-up fee
// up by a whole 0.000001 and the recipient's amount down by one minor unit.
export function priceReversePayout(input: ReversePayoutInput): ReversePayoutPrice {
  const sourceAmount = requestedAmount('sourceAmount', input.sourceAmount, FEE_DECIMALS);
  const rate = conversionRate(input.rate);
  const fee = feeOn(sourceAmount, input.fee);

  const converted = difference(sourceAmount, fee);
  if (converted.lte(0)) throw new AmountBelowFeeError(sourceAmount, fee);
  const value = roundAmount(product(converted, rate), fiatDecimals(input.fiatCurrency), 'down');
  // Less than one minor unit left: the recipient would get nothing either.
  if (value.isZero()) throw new AmountBelowFeeError(sourceAmount, fee);
  return { value, fee };
}
