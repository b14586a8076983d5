// An amount from a request that is not a usable number: not numeric, not finite, not positive, or
// with more decimals than its currency has. The service renders it as a 400.
export class InvalidAmountError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'InvalidAmountError';
  }
}
