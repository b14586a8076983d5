import { describe, expect, it } from '@jest/globals';
import { busyWaitMs } from './outbox-relay.js';

describe(busyWaitMs.name, () => {
  it('does not wait after a batch that found nothing', () => {
    expect(busyWaitMs(0, 800, 50)).toBe(0);
  });

  it('waits briefly at a moderate rate, so a chain of relays adds little latency', () => {
    expect(busyWaitMs(1, 100, 50)).toBe(10);
    expect(busyWaitMs(2, 2, 50)).toBe(0.2);
  });

  it('waits the whole interval from 500 events/s on, whatever the last batch size', () => {
    expect(busyWaitMs(1, 500, 50)).toBe(50);
    expect(busyWaitMs(90, 1_800, 50)).toBe(50);
  });
});
