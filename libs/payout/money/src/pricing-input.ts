import { Decimal } from './decimal.js';
import { InvalidAmountError } from './invalid-amount.error.js';

// A requested amount: positive and no finer than the currency it is in. Copied into our Decimal
// so that a caller's decimal.js instance with another configuration cannot leak in.
export function requestedAmount(name: string, amount: Decimal, maxDecimals: number): Decimal {
  const value = new Decimal(amount);
  if (!value.isFinite() || value.lte(0)) {
    throw new InvalidAmountError(`${name} must be a positive amount, got ${value.toString()}`);
  }
  if (value.decimalPlaces() > maxDecimals) {
    throw new InvalidAmountError(
      `${name} must have at most ${maxDecimals} decimals, got ${value.toString()}`,
    );
  }
  return value;
}

// Rates come from a provider, so a bad one is a server fault rather than a bad request.
export function conversionRate(rate: Decimal): Decimal {
  const value = new Decimal(rate);
  if (!value.isFinite() || value.lte(0))
    throw new RangeError(`A rate must be positive, got ${value.toString()}`);
  return value;
}
