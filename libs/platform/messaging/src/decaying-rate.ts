// Events per second over roughly the last `windowMs`, each event's weight fading exponentially
// with that time constant. A steady stream reads as its rate within about a window; a couple of
// events a few milliseconds apart read as a couple per second, not as hundreds.
export class DecayingRate {
  private perSecond = 0;
  private updatedAt: number | null = null;

  constructor(private readonly windowMs: number) {}

  // Counts `events` at `nowMs` (a monotonic clock) and returns the rate.
  add(events: number, nowMs: number): number {
    if (this.updatedAt !== null) this.perSecond *= Math.exp(-(nowMs - this.updatedAt) / this.windowMs);
    this.updatedAt = nowMs;
    this.perSecond += (events * 1000) / this.windowMs;
    return this.perSecond;
  }
}
