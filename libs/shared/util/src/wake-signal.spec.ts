import { describe, expect, it } from '@jest/globals';
import { WakeSignal } from './wake-signal.js';

describe(WakeSignal.name, () => {
  it('sleeps until woken', async () => {
    const sut = new WakeSignal();
    const started = Date.now();
    const sleeping = sut.sleep(60_000);

    sut.wake();
    await sleeping;

    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('returns at once after a wake that came while awake, once', async () => {
    const sut = new WakeSignal();
    sut.wake();
    await sut.sleep(60_000);

    let slept = false;
    const second = sut.sleep(20).then(() => (slept = true));
    expect(slept).toBe(false);
    await second;
    expect(slept).toBe(true);
  });

  it('wakes by itself when the time is up', async () => {
    await expect(new WakeSignal().sleep(5)).resolves.toBeUndefined();
  });
});
