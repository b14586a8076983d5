import { Decimal } from './decimal.js';

// Rendering never rounds: amounts are rounded by the pricing rules, in the direction each rule
// chooses, before they get here. These two refuse anything that would need rounding.

const JSON_NUMBER_MAX_DECIMALS = 6;

// For a JSON number field, only for amounts already rounded to at most 6 decimals. A double holds
// about 15 significant digits, so it also refuses amounts that would not print back identically.
export function toJsonNumber(amount: Decimal): number {
  if (!amount.isFinite() || amount.decimalPlaces() > JSON_NUMBER_MAX_DECIMALS) {
    throw new RangeError(`${amount.toString()} is not rounded to ${JSON_NUMBER_MAX_DECIMALS} decimals`);
  }
  const text = amount.toFixed();
  const rendered = Number(text);
  // A double that prints as the amount's own text is the amount (the usual case); one that prints
  // otherwise may still be it in another notation (1e+21), which the exact comparison tells.
  if (String(rendered) !== text && !new Decimal(String(rendered)).equals(amount)) {
    throw new RangeError(`${text} has more digits than a JSON number keeps`);
  }
  return rendered;
}

// For a string field with a fixed number of decimals, e.g. a fee amount as "0.500000".
export function toFixedString(amount: Decimal, decimals: number): string {
  if (!amount.isFinite() || amount.decimalPlaces() > decimals) {
    throw new RangeError(`${amount.toString()} has more than ${decimals} decimals`);
  }
  return amount.toFixed(decimals);
}
