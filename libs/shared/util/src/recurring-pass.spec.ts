import { describe, expect, it } from '@jest/globals';
import { RecurringPass } from './recurring-pass.js';

// A pass that stays open until the test lets it finish.
function controlledPasses() {
  const finishers: Array<() => void> = [];
  let started = 0;
  const pass = () => {
    started += 1;
    return new Promise<void>((resolve) => finishers.push(resolve));
  };
  const finishNext = async () => {
    finishers.shift()?.();
    // Lets the pass's settlement and the follow-up kick run.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { pass, finishNext, started: () => started };
}

describe(RecurringPass.name, () => {
  it('runs kicks during a pass as one more pass after it, never two side by side', async () => {
    const passes = controlledPasses();
    const recurring = new RecurringPass(passes.pass, () => undefined);

    recurring.kick();
    recurring.kick();
    recurring.kick();
    expect(passes.started()).toBe(1);

    await passes.finishNext();
    expect(passes.started()).toBe(2);

    await passes.finishNext();
    expect(passes.started()).toBe(2);
  });

  it('reports a failed pass and keeps running later ones', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const recurring = new RecurringPass(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('database away');
      },
      (error) => errors.push(error),
    );

    recurring.kick();
    await new Promise((resolve) => setImmediate(resolve));
    recurring.kick();
    await new Promise((resolve) => setImmediate(resolve));

    expect(errors).toEqual([new Error('database away')]);
    expect(calls).toBe(2);
  });

  it('runs on its interval, and stop() waits for the pass under way and ends the schedule', async () => {
    const passes = controlledPasses();
    const recurring = new RecurringPass(passes.pass, () => undefined);
    recurring.start(5, { runNow: false });
    expect(passes.started()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(passes.started()).toBe(1);

    let stopped = false;
    const stopping = recurring.stop().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    await passes.finishNext();
    await stopping;

    expect(recurring.stopped).toBe(true);
    recurring.kick();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(passes.started()).toBe(1);
  });
});
