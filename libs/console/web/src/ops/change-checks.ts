// The services' own rules for an operator's change, checked before the confirmation dialog so
// a person is told in words what to fix instead of confirming a change the API then refuses
// with a validator's text. The API still checks everything; these mirror quote-service's
// corridor request and transaction-service's KYC policy request.

const MAX_FEE_BASIS_POINTS = 9999;
// Payout caps are fiat: at most cents (quote-service's CAP_AMOUNT).
const CAP_DECIMALS = 2;

// An amount as the services take it: up to 14 digits, at most `decimals` decimals, no grouping
// or sign.
export function amountProblem(label: string, value: string, decimals = 6): string | null {
  const plain = new RegExp(`^\\d{1,14}(\\.\\d{1,${decimals}})?$`);
  return plain.test(value)
    ? null
    : `${label} must be a plain amount such as 1000 or 0.25: digits only, at most ${decimals} decimals, no thousands separators.`;
}

// A rail's payout cap in its fiat currency; blank is uncapped.
export const capProblem = (label: string, value: string): string | null =>
  value.trim() === '' ? null : amountProblem(label, value.trim(), CAP_DECIMALS);

export interface FlowChange {
  readonly feeBasisPoints: string;
  readonly feeFixed: string;
  // Blank: unbounded.
  readonly minAmount: string;
  readonly maxAmount: string;
}

// The first thing wrong with a corridor flow's fees and bounds, or null.
export function flowChangeProblem(change: FlowChange): string | null {
  const basisPoints = change.feeBasisPoints.trim();
  if (!/^\d+$/.test(basisPoints) || Number(basisPoints) > MAX_FEE_BASIS_POINTS) {
    return `The fee must be a whole number of basis points from 0 to ${MAX_FEE_BASIS_POINTS} (100 is 1%).`;
  }
  const [min, max] = [change.minAmount.trim(), change.maxAmount.trim()];
  const problem =
    amountProblem('The fixed fee', change.feeFixed.trim()) ??
    (min ? amountProblem('The minimum', min) : null) ??
    (max ? amountProblem('The maximum', max) : null);
  if (problem) return problem;
  if (min && max && compareAmounts(min, max) > 0)
    return 'The minimum is above the maximum: lower it or raise the maximum.';
  return null;
}

// A KYC threshold: blank for the platform default, else a plain USD amount.
export const kycThresholdProblem = (threshold: string): string | null =>
  threshold.trim() === '' ? null : amountProblem('The threshold', threshold.trim());

// Two plain amounts compared exactly, as decimal text (never floats).
function compareAmounts(a: string, b: string): number {
  const [aWhole, aFraction = ''] = a.split('.') as [string, string?];
  const [bWhole, bFraction = ''] = b.split('.') as [string, string?];
  const width = Math.max(aWhole.length, bWhole.length);
  const key = (whole: string, fraction: string) => `${whole.padStart(width, '0')}.${fraction.padEnd(6, '0')}`;
  const [left, right] = [key(aWhole, aFraction), key(bWhole, bFraction)];
  return left === right ? 0 : left > right ? 1 : -1;
}
