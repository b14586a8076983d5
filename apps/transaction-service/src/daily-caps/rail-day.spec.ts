import { describe, expect, it } from '@jest/globals';
import { PaymentMethod } from '@shared/contracts';
import { railDay } from './rail-day.js';

describe(railDay.name, () => {
  it("turns the day at midnight in the rail's country, not at midnight UTC", () => {
    // Bogotá is UTC−5 all year; São Paulo UTC−3 (no daylight saving since 2019).
    expect(railDay(PaymentMethod.BREB, new Date('2026-12-07T04:59:59.999Z'))).toBe('2026-12-06');
    expect(railDay(PaymentMethod.BREB, new Date('2026-12-07T05:00:00.000Z'))).toBe('2026-12-07');
    expect(railDay(PaymentMethod.PIX, new Date('2026-12-07T02:59:59.999Z'))).toBe('2026-12-06');
    expect(railDay(PaymentMethod.PIX, new Date('2026-12-07T03:00:00.000Z'))).toBe('2026-12-07');
  });
});
