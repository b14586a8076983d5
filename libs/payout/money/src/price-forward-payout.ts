import type { Decimal } from './decimal.js';
import type { FeeSchedule } from './fee-schedule.js';
import { fiatDecimals, type FiatCurrency } from './fiat-currency.js';
import { requestedAmount } from './pricing-input.js';
import { WHOLE_IN_BASIS_POINTS, feeUnits, pricingTermsOf } from './pricing-terms.js';
import { FEE_DECIMALS, PAYOUT_CRYPTO_DECIMALS } from './rounding.js';
import { decimalOfUnits, dividedRounded, powerOfTen, unitsAt } from './scaled-units.js';

export interface ForwardPayoutInput {
  // What the recipient must receive, in fiat.
  readonly fiatAmount: Decimal;
  readonly fiatCurrency: FiatCurrency;
  // Fiat units per one unit of the source crypto.
  readonly rate: Decimal;
  readonly fee: FeeSchedule;
}

export interface ForwardPayoutPrice {
  // Crypto the customer sends, fee included, rounded up to PAYOUT_CRYPTO_DECIMALS.
  readonly value: Decimal;
  // Fee charged on `value`, half-up to FEE_DECIMALS; part of `value`, not on top of it.
  readonly fee: Decimal;
}

// The customer chooses what the recipient gets; we work out what to send. With net = fiat / rate
// and b = bps/10000:
// gross = (net + fixed) / (1 − b), rearranged into one exact fraction
// (fiat + fixed × rate) × 10000 / (rate × (10000 − bps)) so that the only rounding is the final one.
// In units (fiat F/10^f, rate R/10^r, fixed X/10^6) that is
// (F·10^(6+r−f) + X·R) · 10^4 / (10^6 · R · (10000 − bps)), times 10^2 for the value's cents.
export function priceForwardPayout(input: ForwardPayoutInput): ForwardPayoutPrice {
  const fiat = requestedAmount('fiatAmount', input.fiatAmount, fiatDecimals(input.fiatCurrency));
  const terms = pricingTermsOf(input.rate, input.fee);
  const { rate } = terms;
  const fiatAndFixed = unitsAt(fiat, FEE_DECIMALS + rate.scale) + terms.fixedFee * rate.units;
  const shareSent = WHOLE_IN_BASIS_POINTS - terms.basisPoints;
  const value = dividedRounded(
    fiatAndFixed * WHOLE_IN_BASIS_POINTS * powerOfTen(PAYOUT_CRYPTO_DECIMALS),
    powerOfTen(FEE_DECIMALS) * rate.units * shareSent,
    'up',
  );
  const fee = feeUnits({ units: value, scale: PAYOUT_CRYPTO_DECIMALS }, terms);
  return {
    value: decimalOfUnits(value, PAYOUT_CRYPTO_DECIMALS),
    fee: decimalOfUnits(fee, FEE_DECIMALS),
  };
}
