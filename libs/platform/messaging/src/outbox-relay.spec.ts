import { describe, expect, it } from '@jest/globals';
import { busyWaitMs, idleWaitMs } from './outbox-relay.js';

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

describe(idleWaitMs.name, () => {
  const options = { pollIntervalMs: 200, idlePollMaxMs: 2_000 };

  it('doubles the wait after each timed poll that found nothing, up to the idle maximum', () => {
    const waits = [200];
    for (let poll = 0; poll < 5; poll += 1) waits.push(idleWaitMs(waits.at(-1)!, false, 0, options));
    expect(waits).toEqual([200, 400, 800, 1_600, 2_000, 2_000]);
  });

  it('polls at the short interval again once events were found', () => {
    expect(idleWaitMs(2_000, false, 3, options)).toBe(200);
  });

  it('polls at the short interval again after a kick, even one whose batch found nothing', () => {
    expect(idleWaitMs(2_000, true, 0, options)).toBe(200);
  });

  it('never polls more often than the short interval', () => {
    expect(idleWaitMs(200, false, 0, { pollIntervalMs: 500, idlePollMaxMs: 100 })).toBe(500);
  });
});
