import { describe, expect, it } from '@jest/globals';
import { DecayingRate } from './decaying-rate.js';

describe(DecayingRate.name, () => {
  it('reads a steady stream as its rate once a few windows have passed', () => {
    const rate = new DecayingRate(1_000);
    let perSecond = 0;
    // 500 events/s, in batches of 5 every 10 ms, for 5 s.
    for (let at = 0; at < 5_000; at += 10) perSecond = rate.add(5, at);
    expect(perSecond).toBeGreaterThan(490);
    expect(perSecond).toBeLessThan(510);
  });

  it('reads a few events close together as a few per second', () => {
    const rate = new DecayingRate(1_000);
    rate.add(1, 0);
    expect(rate.add(1, 2)).toBeCloseTo(2, 1);
  });

  it('forgets a burst once the stream stops', () => {
    const rate = new DecayingRate(1_000);
    rate.add(300, 0);
    expect(rate.add(0, 5_000)).toBeLessThan(300 * Math.exp(-4));
  });
});
