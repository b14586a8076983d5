import { Decimal } from './decimal.js';
import type { RoundingDirection } from './rounding.js';

// An exact decimal as a whole number of 10^-scale units: 101.02 is { units: 10102n, scale: 2 }.
// The pricing rules compute on these, since BigInt sums, products and quotients are exact and
// cost a fraction of decimal.js's; Decimal stays the type amounts are parsed, compared and
// rendered as.
export interface ScaledUnits {
  readonly units: bigint;
  readonly scale: number;
}

const POWERS_OF_TEN = Array.from({ length: 64 }, (_, exponent) => 10n ** BigInt(exponent));

export function powerOfTen(exponent: number): bigint {
  return POWERS_OF_TEN[exponent] ?? 10n ** BigInt(exponent);
}

// Every digit of a finite decimal, however many: a decimal.js division would keep only 40.
export function unitsOf(value: Decimal): ScaledUnits {
  const scale = value.decimalPlaces();
  return { units: BigInt(value.toFixed(scale).replace('.', '')), scale };
}

// The same amount in units of 10^-scale, for a scale at least the amount's own.
export function unitsAt(amount: ScaledUnits, scale: number): bigint {
  if (scale < amount.scale) throw new RangeError(`${scale} decimals would drop digits of the amount`);
  return amount.units * powerOfTen(scale - amount.scale);
}

export function decimalOfUnits(units: bigint, scale: number): Decimal {
  return new Decimal(`${units}e-${scale}`);
}

// dividend / divisor rounded to a whole number, for a non-negative dividend and a positive
// divisor (amounts are never negative, so 'up' and 'down' are ceiling and floor): the remainder
// decides, so the rounding lands on the right side of a boundary however close the quotient is.
export function dividedRounded(dividend: bigint, divisor: bigint, direction: RoundingDirection): bigint {
  if (dividend < 0n || divisor <= 0n) {
    throw new RangeError('dividedRounded takes a non-negative dividend and a positive divisor');
  }
  const floor = dividend / divisor;
  const remainder = dividend % divisor;
  const roundsUp =
    remainder !== 0n && (direction === 'up' || (direction === 'half-up' && 2n * remainder >= divisor));
  return roundsUp ? floor + 1n : floor;
}
