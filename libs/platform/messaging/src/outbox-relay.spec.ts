import { describe, expect, it } from '@jest/globals';
import { busyWaitMs } from './outbox-relay.js';

describe(busyWaitMs.name, () => {
  it('does not wait after a batch that found nothing', () => {
    expect(busyWaitMs(0, 40, 50)).toBe(0);
  });

  it('waits briefly at a moderate rate, so a chain of relays adds little latency', () => {
    expect(busyWaitMs(1, 10, 50)).toBe(10); // 100 events/s
    expect(busyWaitMs(2, 1_000, 50)).toBe(0.2); // 2 events/s
  });

  it('waits the whole interval from 500 events/s on, whatever the last batch size', () => {
    expect(busyWaitMs(1, 2, 50)).toBe(50); // a single event, but 500/s: the next batch grows
    expect(busyWaitMs(25, 50, 50)).toBe(50);
    expect(busyWaitMs(90, 50, 50)).toBe(50); // 1,800/s
  });

  it('does not divide by a zero-length cycle', () => {
    expect(busyWaitMs(3, 0, 50)).toBe(0);
  });
});
