import { AmountBelowFeeError } from './amount-below-fee.error.js';
import type { Decimal } from './decimal.js';
import type { FeeSchedule } from './fee-schedule.js';
import { fiatDecimals, type FiatCurrency } from './fiat-currency.js';
import { requestedAmount } from './pricing-input.js';
import { feeUnits, pricingTermsOf } from './pricing-terms.js';
import { FEE_DECIMALS } from './rounding.js';
import { decimalOfUnits, dividedRounded, powerOfTen, unitsAt } from './scaled-units.js';

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
// In units (what is converted C/10^6 after the fee, rate R/10^r, fiat with c decimals):
// value = C·R·10^c / 10^(6+r), rounded down.
export function priceReversePayout(input: ReversePayoutInput): ReversePayoutPrice {
  const source = requestedAmount('sourceAmount', input.sourceAmount, FEE_DECIMALS);
  const terms = pricingTermsOf(input.rate, input.fee);
  const { rate } = terms;
  const fee = feeUnits(source, terms);
  const feeAmount = decimalOfUnits(fee, FEE_DECIMALS);
  const converted = unitsAt(source, FEE_DECIMALS) - fee;
  const belowFee = () => new AmountBelowFeeError(decimalOfUnits(source.units, source.scale), feeAmount);
  if (converted <= 0n) throw belowFee();
  const decimals = fiatDecimals(input.fiatCurrency);
  const value = dividedRounded(
    converted * rate.units * powerOfTen(decimals),
    powerOfTen(FEE_DECIMALS + rate.scale),
    'down',
  );
  // Less than one minor unit left: the recipient would get nothing either.
  if (value === 0n) throw belowFee();
  return { value: decimalOfUnits(value, decimals), fee: feeAmount };
}
