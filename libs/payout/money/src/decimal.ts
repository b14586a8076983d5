import { Decimal as DecimalJs } from 'decimal.js';
import { InvalidAmountError } from './invalid-amount.error.js';

// The one Decimal the payout domain computes with. Divisions keep 40 significant digits; the
// exponent thresholds are decimal.js's extremes, so toString() never switches to exponential
// notation and amounts can go straight into JSON strings and logs.
export const Decimal = DecimalJs.clone({
  precision: 40,
  rounding: DecimalJs.ROUND_HALF_UP,
  toExpNeg: -9e15,
  toExpPos: 9e15,
});
export type Decimal = DecimalJs;

// The JSON number grammar, leading zeros allowed. decimal.js alone would also take hexadecimal,
// binary and octal literals, 'NaN' and 'Infinity'.
const DECIMAL_TEXT = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

// Numbers (amounts parsed from JSON) go through their shortest round-trip text, so 0.1 becomes
// exactly 0.1 and never the binary fraction the double actually holds.
export function decimal(value: string | number): Decimal {
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new InvalidAmountError(`${value} is not a finite amount`);
  }
  const text = String(value);
  if (!DECIMAL_TEXT.test(text)) throw new InvalidAmountError(`'${text}' is not a decimal number`);
  const parsed = new Decimal(text);
  // An exponent beyond decimal.js's range parses to Infinity.
  if (!parsed.isFinite()) throw new InvalidAmountError(`'${text}' is not a finite amount`);
  return parsed;
}

// The decimal places of a finite number as decimal() reads it (its shortest round-trip text):
// counted off that text, and through a Decimal only in exponential notation (1e-7, 1.5e+21).
export function decimalPlacesOf(value: number): number {
  const text = String(value);
  if (text.includes('e')) return decimal(value).decimalPlaces();
  const point = text.indexOf('.');
  return point < 0 ? 0 : text.length - point - 1;
}
