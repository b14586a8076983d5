import type { Decimal } from './decimal.js';

// Nothing would reach the receiver: the fee takes the whole amount, or what is left rounds down to
// zero. The service maps it to the `minimum` error code.
export class AmountBelowFeeError extends Error {
  constructor(
    readonly amount: Decimal,
    readonly fee: Decimal,
  ) {
    super(`A fee of ${fee.toFixed()} leaves nothing to deliver from ${amount.toFixed()}`);
    this.name = 'AmountBelowFeeError';
  }
}
