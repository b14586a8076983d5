// Time and identity are injected so that use cases are deterministic under test. Abstract
// classes rather than interfaces because they double as dependency-injection tokens.
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}

export class FixedClock implements Clock {
  constructor(private current: Date) {}

  now(): Date {
    return new Date(this.current);
  }

  advanceBy(milliseconds: number): void {
    this.current = new Date(this.current.getTime() + milliseconds);
  }
}
