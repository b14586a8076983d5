import { Decimal } from './decimal.js';

// 'up' for what the customer must send (the platform is never underfunded), 'down' for what the
// customer or recipient receives (never over-promise), 'half-up' for fees.
export type RoundingDirection = 'up' | 'down' | 'half-up';

export const PAYOUT_CRYPTO_DECIMALS = 2;
export const ONRAMP_CRYPTO_DECIMALS = 6;
export const FEE_DECIMALS = 6;

// Amounts are never negative, so 'up' and 'down' are ceiling and floor.
const DECIMAL_JS_MODE = {
  up: Decimal.ROUND_CEIL,
  down: Decimal.ROUND_FLOOR,
  'half-up': Decimal.ROUND_HALF_UP,
} as const;

export function roundAmount(amount: Decimal, decimals: number, direction: RoundingDirection): Decimal {
  return new Decimal(amount).toDecimalPlaces(decimals, DECIMAL_JS_MODE[direction]);
}
