import { Decimal } from './decimal.js';
import { assertFeeSchedule, BASIS_POINTS_PER_UNIT, type FeeSchedule } from './fee-schedule.js';
import { FEE_DECIMALS } from './rounding.js';
import { dividedRounded, powerOfTen, unitsAt, unitsOf, type ScaledUnits } from './scaled-units.js';

// A rate and a fee schedule as the pricing rules compute with them, checked and converted once
// per pair rather than on every price: quote-service hands every quote of a corridor the same rate
// and schedule objects until the rate is observed again or the corridor changes.
export interface PricingTerms {
  // Fiat units per one unit of crypto, positive.
  readonly rate: ScaledUnits;
  readonly basisPoints: bigint;
  // The fixed fee in units of 10^-FEE_DECIMALS.
  readonly fixedFee: bigint;
}

// 100%, for the BigInt arithmetic.
export const WHOLE_IN_BASIS_POINTS = BigInt(BASIS_POINTS_PER_UNIT);
// Schedules built by feeSchedule() are frozen; a Decimal never changes once made.
const termsBySchedule = new WeakMap<FeeSchedule, WeakMap<Decimal, PricingTerms>>();

export function pricingTermsOf(rate: Decimal, fee: FeeSchedule): PricingTerms {
  if (!Object.isFrozen(fee)) return pricingTerms(rate, fee);
  let byRate = termsBySchedule.get(fee);
  if (!byRate) {
    byRate = new WeakMap();
    termsBySchedule.set(fee, byRate);
  }
  let terms = byRate.get(rate);
  if (!terms) {
    terms = pricingTerms(rate, fee);
    byRate.set(rate, terms);
  }
  return terms;
}

// Rates come from a provider, so a bad one is a server fault rather than a bad request.
function pricingTerms(rate: Decimal, fee: FeeSchedule): PricingTerms {
  if (!rate.isFinite() || rate.lte(0)) {
    throw new RangeError(`A rate must be positive, got ${new Decimal(rate).toString()}`);
  }
  assertFeeSchedule(fee);
  return Object.freeze({
    rate: unitsOf(rate),
    basisPoints: BigInt(fee.basisPoints),
    fixedFee: unitsAt(unitsOf(fee.fixed), FEE_DECIMALS),
  });
}

// The fee charged on a non-negative crypto amount, in units of 10^-FEE_DECIMALS: amount ×
// bps/10000, half-up, plus the fixed part (on the fee's grid already, so adding it after the
// rounding gives what adding it before would).
export function feeUnits(amount: ScaledUnits, terms: PricingTerms): bigint {
  return (
    dividedRounded(
      amount.units * terms.basisPoints * powerOfTen(FEE_DECIMALS),
      powerOfTen(amount.scale) * WHOLE_IN_BASIS_POINTS,
      'half-up',
    ) + terms.fixedFee
  );
}
