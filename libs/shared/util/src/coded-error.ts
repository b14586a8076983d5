// A refusal with a machine-readable code and a reason that is safe to show to the caller: it
// never carries a library's, driver's or provider's own text. Each feature names its own
// subclass so that its presenter can recognise it with `instanceof`.
export class CodedError<C extends string> extends Error {
  constructor(
    readonly code: C,
    readonly reason: string,
  ) {
    super(reason);
    this.name = new.target.name;
  }
}
