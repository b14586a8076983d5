import { Decimal as DecimalJs } from 'decimal.js';
import { Decimal } from './decimal.js';
import type { RoundingDirection } from './rounding.js';

// Sums and products of finite decimals are finite decimals, so with decimal.js's maximum precision
// they never round. Never divide with this clone: a non-terminating quotient would run to 1e9 digits.
const Unrounded = DecimalJs.clone({ precision: 1e9, toExpNeg: -9e15, toExpPos: 9e15 });

export function sum(a: Decimal, b: Decimal): Decimal {
  return new Decimal(new Unrounded(a).plus(b));
}

export function difference(a: Decimal, b: Decimal): Decimal {
  return new Decimal(new Unrounded(a).minus(b));
}

export function product(a: Decimal, b: Decimal): Decimal {
  return new Decimal(new Unrounded(a).times(b));
}

// numerator / denominator rounded to `decimals` places, exactly: a quotient computed to any finite
// precision and then rounded can land on the wrong side of a rounding boundary, so the division is
// done on scaled integers and the remainder decides.
export function roundedQuotient(
  numerator: Decimal,
  denominator: Decimal,
  decimals: number,
  direction: RoundingDirection,
): Decimal {
  if (!numerator.isFinite() || !denominator.isFinite() || numerator.lt(0) || denominator.lte(0)) {
    throw new RangeError('roundedQuotient takes a non-negative numerator and a positive denominator');
  }
  const n = scaled(numerator);
  const d = scaled(denominator);
  // n.units/10^n.scale ÷ d.units/10^d.scale × 10^decimals = dividend / divisor, both integers.
  const dividend = n.units * 10n ** BigInt(d.scale + decimals);
  const divisor = d.units * 10n ** BigInt(n.scale);
  const floor = dividend / divisor;
  const remainder = dividend % divisor;
  const roundsUp =
    remainder !== 0n && (direction === 'up' || (direction === 'half-up' && 2n * remainder >= divisor));
  return fromUnits(roundsUp ? floor + 1n : floor, decimals);
}

function scaled(value: Decimal): { units: bigint; scale: number } {
  const scale = value.decimalPlaces();
  return { units: BigInt(value.toFixed(scale).replace('.', '')), scale };
}

function fromUnits(units: bigint, decimals: number): Decimal {
  return new Decimal(`${units}e-${decimals}`);
}
