import { describe, expect, it } from '@jest/globals';
import { backoffWithJitter } from './delay.js';

describe(backoffWithJitter.name, () => {
  it('doubles the ceiling per attempt up to the maximum', () => {
    const atCeiling = () => 1;
    expect([1, 2, 3, 4, 10].map((attempt) => backoffWithJitter(attempt, 100, 1_000, atCeiling))).toEqual([
      100, 200, 400, 800, 1_000,
    ]);
  });

  it('spreads retries between zero and the ceiling', () => {
    expect(backoffWithJitter(3, 100, 1_000, () => 0)).toBe(0);
    expect(backoffWithJitter(3, 100, 1_000, () => 0.5)).toBe(200);
  });
});
