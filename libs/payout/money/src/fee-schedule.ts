import { Decimal } from './decimal.js';
import { FEE_DECIMALS } from './rounding.js';

export enum FeeType {
  None = 'none',
  Percentage = 'percentage',
  Fixed = 'fixed',
  Combined = 'combined',
}

// basisPoints: integer 0..9999 of the amount sent; fixed: a flat fee in the source crypto asset,
// with at most FEE_DECIMALS decimals so that it is charged exactly as configured.
export interface FeeSchedule {
  readonly basisPoints: number;
  readonly fixed: Decimal;
}

export const BASIS_POINTS_PER_UNIT = 10_000;

export function feeSchedule(basisPoints: number, fixed: Decimal = new Decimal(0)): FeeSchedule {
  const schedule = { basisPoints, fixed: new Decimal(fixed) };
  assertFeeSchedule(schedule);
  return Object.freeze(schedule);
}

// Schedules come from configuration; a broken one is a server fault, not a bad request.
export function assertFeeSchedule(schedule: FeeSchedule): void {
  const { basisPoints, fixed } = schedule;
  // 10000 bps would take everything sent, and a forward price would divide by zero.
  if (!Number.isInteger(basisPoints) || basisPoints < 0 || basisPoints >= BASIS_POINTS_PER_UNIT) {
    throw new RangeError(`Fee basis points must be an integer from 0 to 9999, got ${basisPoints}`);
  }
  if (!fixed.isFinite() || fixed.lt(0) || fixed.decimalPlaces() > FEE_DECIMALS) {
    throw new RangeError(
      `A fixed fee must be a non-negative amount with at most ${FEE_DECIMALS} decimals, got ${fixed.toString()}`,
    );
  }
}

export function feeTypeOf(schedule: FeeSchedule): FeeType {
  const percentage = schedule.basisPoints > 0;
  const fixed = !schedule.fixed.isZero();
  if (percentage && fixed) return FeeType.Combined;
  if (percentage) return FeeType.Percentage;
  if (fixed) return FeeType.Fixed;
  return FeeType.None;
}
