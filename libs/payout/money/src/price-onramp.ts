import { AmountBelowFeeError } from './amount-below-fee.error.js';
import type { Decimal } from './decimal.js';
import { difference, roundedQuotient } from './exact-arithmetic.js';
import { feeOn, type FeeSchedule } from './fee-schedule.js';
import { fiatDecimals, type FiatCurrency } from './fiat-currency.js';
import { conversionRate, requestedAmount } from './pricing-input.js';
import { ONRAMP_CRYPTO_DECIMALS } from './rounding.js';

export interface OnrampInput {
  // Fiat the customer pays.
  readonly fiatAmount: Decimal;
  readonly fiatCurrency: FiatCurrency;
  // Fiat units per one unit of the crypto bought.
  readonly rate: Decimal;
  readonly fee: FeeSchedule;
}

export interface OnrampPrice {
  // Crypto the customer receives after fees; value + fee = gross.
  readonly value: Decimal;
  // Fee charged on gross, half-up to FEE_DECIMALS, in crypto.
  readonly fee: Decimal;
  // fiatAmount / rate rounded down to ONRAMP_CRYPTO_DECIMALS: the crypto the payment buys.
  readonly gross: Decimal;
}

// gross is rounded down before the fee is taken, not after: a fee computed on an unrounded gross
// can step up by 0.000001 while the gross stays in the same 0.000001 cell, which would make a
// larger payment buy less. On the 6-decimal grid the fee never grows faster than the gross.
export function priceOnramp(input: OnrampInput): OnrampPrice {
  const fiatAmount = requestedAmount('fiatAmount', input.fiatAmount, fiatDecimals(input.fiatCurrency));
  const rate = conversionRate(input.rate);

  const gross = roundedQuotient(fiatAmount, rate, ONRAMP_CRYPTO_DECIMALS, 'down');
  const fee = feeOn(gross, input.fee);
  const value = difference(gross, fee);
  if (value.lte(0)) throw new AmountBelowFeeError(gross, fee);
  return { value, fee, gross };
}
