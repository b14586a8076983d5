import { Decimal } from './decimal.js';
import { InvalidAmountError } from './invalid-amount.error.js';
import { unitsOf, type ScaledUnits } from './scaled-units.js';

// A requested amount: positive and no finer than the currency it is in. Its text in an error is
// our Decimal's, so that a caller's decimal.js instance with another configuration cannot leak in.
export function requestedAmount(name: string, amount: Decimal, maxDecimals: number): ScaledUnits {
  const scaled = amount.isFinite() ? unitsOf(amount) : null;
  if (scaled === null || scaled.units <= 0n) {
    throw new InvalidAmountError(`${name} must be a positive amount, got ${new Decimal(amount).toString()}`);
  }
  if (scaled.scale > maxDecimals) {
    throw new InvalidAmountError(
      `${name} must have at most ${maxDecimals} decimals, got ${new Decimal(amount).toString()}`,
    );
  }
  return scaled;
}
