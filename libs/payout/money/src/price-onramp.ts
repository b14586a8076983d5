import { AmountBelowFeeError } from './amount-below-fee.error.js';
import type { Decimal } from './decimal.js';
import type { FeeSchedule } from './fee-schedule.js';
import { fiatDecimals, type FiatCurrency } from './fiat-currency.js';
import { requestedAmount } from './pricing-input.js';
import { feeUnits, pricingTermsOf } from './pricing-terms.js';
import { FEE_DECIMALS, ONRAMP_CRYPTO_DECIMALS } from './rounding.js';
import { decimalOfUnits, dividedRounded, powerOfTen } from './scaled-units.js';

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
// In units (fiat F/10^f, rate R/10^r): gross = F·10^(r+6) / (10^f·R) millionths, rounded down.
export function priceOnramp(input: OnrampInput): OnrampPrice {
  const fiat = requestedAmount('fiatAmount', input.fiatAmount, fiatDecimals(input.fiatCurrency));
  const terms = pricingTermsOf(input.rate, input.fee);
  const { rate } = terms;
  const gross = dividedRounded(
    fiat.units * powerOfTen(rate.scale + ONRAMP_CRYPTO_DECIMALS),
    powerOfTen(fiat.scale) * rate.units,
    'down',
  );
  const fee = feeUnits({ units: gross, scale: ONRAMP_CRYPTO_DECIMALS }, terms);
  // The fee's grid and the crypto's are the same, so the difference is exact.
  const value = gross * powerOfTen(FEE_DECIMALS - ONRAMP_CRYPTO_DECIMALS) - fee;
  const priced = {
    value: decimalOfUnits(value, FEE_DECIMALS),
    fee: decimalOfUnits(fee, FEE_DECIMALS),
    gross: decimalOfUnits(gross, ONRAMP_CRYPTO_DECIMALS),
  };
  if (value <= 0n) throw new AmountBelowFeeError(priced.gross, priced.fee);
  return priced;
}
