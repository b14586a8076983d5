import { describe, expect, it } from '@jest/globals';
import { RetrySchedule } from './retry-schedule.js';

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const policy = { baseMs: 10 * SECOND, maxDelayMs: HOUR, windowMs: 24 * HOUR };
const start = new Date('2026-11-23T00:00:00Z');

// Fails every attempt from `start`, each taking no time, and returns when each attempt was made
// and when the delivery was declared dead.
function failForever(sut: RetrySchedule): { attempts: Date[]; deadAt: Date } {
  const attempts = [start];
  for (;;) {
    const now = attempts[attempts.length - 1]!;
    const next = sut.nextAttemptAt(attempts.length, start, now);
    if (!next) return { attempts, deadAt: now };
    attempts.push(next);
  }
}

describe(RetrySchedule.name, () => {
  it('doubles the ceiling of the wait per attempt and caps it', () => {
    const sut = new RetrySchedule(policy, () => 1);
    const waits = [1, 2, 3, 4, 5, 9, 20].map(
      (attempt) => sut.nextAttemptAt(attempt, start, start)!.getTime() - start.getTime(),
    );
    expect(waits).toEqual([10, 20, 40, 80, 160, 2560, 3600].map((s) => s * SECOND));
  });

  it('draws the wait at random below the ceiling, never under the base', () => {
    const half = new RetrySchedule(policy, () => 0.5);
    const zero = new RetrySchedule(policy, () => 0);
    expect(half.nextAttemptAt(4, start, start)!.getTime() - start.getTime()).toBe(40 * SECOND);
    expect(zero.nextAttemptAt(4, start, start)!.getTime() - start.getTime()).toBe(10 * SECOND);
  });

  it.each([
    ['the largest draws', () => 1],
    ['middling draws', () => 0.5],
    ['the smallest draws', () => 0],
    ['random draws', Math.random],
  ])('keeps retrying for at least 24 hours with %s, then gives up', (_case, random) => {
    const { attempts, deadAt } = failForever(new RetrySchedule(policy, random));

    expect(deadAt.getTime() - start.getTime()).toBeGreaterThanOrEqual(24 * HOUR);
    expect(deadAt.getTime() - start.getTime()).toBeLessThan(25 * HOUR);
    expect(attempts.length).toBeGreaterThan(20);
  });

  it('gives up at once when the window has passed', () => {
    const sut = new RetrySchedule(policy, () => 1);
    expect(sut.nextAttemptAt(3, start, new Date(start.getTime() + 24 * HOUR))).toBeNull();
    expect(sut.nextAttemptAt(3, start, new Date(start.getTime() + 24 * HOUR - 1))).not.toBeNull();
  });
});
