import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { AmountBelowFeeError } from './amount-below-fee.error.js';
import { decimal, type Decimal } from './decimal.js';
import { feeSchedule, FeeType, feeTypeOf, type FeeSchedule } from './fee-schedule.js';
import { FIAT_DECIMALS, type FiatCurrency } from './fiat-currency.js';
import { priceForwardPayout } from './price-forward-payout.js';
import { priceOnramp } from './price-onramp.js';
import { priceReversePayout } from './price-reverse-payout.js';

const RUNS = { numRuns: 300 };

// Every amount and rate is generated as decimal text, never as a float.
const digits = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength, maxLength });
const decimalText = (maxIntegerDigits: number, maxDecimals: number) =>
  fc
    .tuple(digits(1, maxIntegerDigits), digits(0, maxDecimals))
    .map(([integer, fraction]) => (fraction ? `${integer}.${fraction}` : integer));
const positiveText = (maxIntegerDigits: number, maxDecimals: number) =>
  decimalText(maxIntegerDigits, maxDecimals).filter((text) => /[1-9]/.test(text));

// Rates from 10^-12 to 10^7 with up to 19 significant digits, e.g. '0004012.350000000001'.
const rateText = positiveText(7, 12);
const sourceText = positiveText(12, 6);
const scheduleArbitrary = fc
  .record({
    basisPoints: fc.oneof(fc.constant(0), fc.constant(9_999), fc.integer({ min: 0, max: 9_999 })),
    fixed: fc.oneof(fc.constant('0'), decimalText(4, 6)),
  })
  .map(({ basisPoints, fixed }) => feeSchedule(basisPoints, decimal(fixed)));
const fiatArbitrary = fc.constantFrom<FiatCurrency>('COP', 'BRL').chain((fiatCurrency) =>
  fc.record({
    fiatCurrency: fc.constant(fiatCurrency),
    fiatText: positiveText(12, FIAT_DECIMALS[fiatCurrency]),
  }),
);
// Small steps probe the rounding boundaries, large ones the rest.
const stepArbitrary = fc.oneof(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 10_000_000 }));

// An independent reference: exact fractions of BigInts, following each rule as written.
interface Ratio {
  readonly n: bigint;
  readonly d: bigint;
}
const ratio = (text: string): Ratio => {
  const [integer = '', fraction = ''] = text.split('.');
  return { n: BigInt(integer + fraction), d: 10n ** BigInt(fraction.length) };
};
const ONE: Ratio = { n: 1n, d: 1n };
const add = (a: Ratio, b: Ratio): Ratio => ({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });
const subtract = (a: Ratio, b: Ratio): Ratio => ({ n: a.n * b.d - b.n * a.d, d: a.d * b.d });
const multiply = (a: Ratio, b: Ratio): Ratio => ({ n: a.n * b.n, d: a.d * b.d });
const divide = (a: Ratio, b: Ratio): Ratio => ({ n: a.n * b.d, d: a.d * b.n });
const compare = (a: Ratio, b: Ratio): number => Math.sign(Number(a.n * b.d - b.n * a.d));
const share = (basisPoints: number): Ratio => ({ n: BigInt(basisPoints), d: 10_000n });
// For non-negative values only, which is all the rules round.
const round = (a: Ratio, decimals: number, direction: 'up' | 'down' | 'half-up'): Ratio => {
  const scale = 10n ** BigInt(decimals);
  const quotient = (a.n * scale) / a.d;
  const remainder = (a.n * scale) % a.d;
  const up = remainder > 0n && (direction === 'up' || (direction === 'half-up' && 2n * remainder >= a.d));
  return { n: up ? quotient + 1n : quotient, d: scale };
};
const fixedText = (a: Ratio, decimals: number): string => {
  const units = (a.n * 10n ** BigInt(decimals)) / a.d;
  if (decimals === 0) return units.toString();
  const padded = units.toString().padStart(decimals + 1, '0');
  return `${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`;
};
const exact = (value: Decimal): Ratio => ratio(value.toFixed());

const feeReference = (base: Ratio, schedule: FeeSchedule): Ratio =>
  round(add(multiply(base, share(schedule.basisPoints)), exact(schedule.fixed)), 6, 'half-up');

const BELOW_FEE = 'below fee';
function orBelowFee<T>(price: () => T): T | typeof BELOW_FEE {
  try {
    return price();
  } catch (error) {
    if (error instanceof AmountBelowFeeError) return BELOW_FEE;
    throw error;
  }
}
const valueOrZero = (price: () => { value: Decimal }): Decimal => {
  const result = orBelowFee(price);
  return result === BELOW_FEE ? decimal(0) : result.value;
};

describe('forward then reverse', () => {
  // value ≥ gross = (net + fixed) / (1 − b), so value − (value·b + fixed) ≥ net. value·b has at most
  // 2 + 4 decimals and fixed at most 6, so the half-up fee rounding never moves the fee: the
  // recipient is never short, with zero tolerance.
  it('delivers at least the requested fiat: (value − fee) × rate ≥ fiatAmount exactly', () => {
    fc.assert(
      fc.property(fiatArbitrary, rateText, scheduleArbitrary, ({ fiatCurrency, fiatText }, rate, fee) => {
        const price = priceForwardPayout({
          fiatAmount: decimal(fiatText),
          fiatCurrency,
          rate: decimal(rate),
          fee,
        });
        const delivered = multiply(subtract(exact(price.value), exact(price.fee)), ratio(rate));
        expect(compare(delivered, ratio(fiatText))).toBeGreaterThanOrEqual(0);
      }),
      RUNS,
    );
  });

  // Reverse charges the same fee on the same value, so it converts value − fee ≥ net, and rounding
  // down to the currency keeps it ≥ fiatAmount, which is already on that grid. From above,
  // value < gross + 0.01 gives value − fee < net + 0.01 × (1 − b), hence the strict bound
  // fiatAmount ≤ reverse < fiatAmount + 0.01 × (1 − bps/10000) × rate.
  it('agrees within one 0.01 crypto step: fiatAmount ≤ reverse < fiatAmount + 0.01 × (1 − bps/10000) × rate', () => {
    fc.assert(
      fc.property(fiatArbitrary, rateText, scheduleArbitrary, ({ fiatCurrency, fiatText }, rate, fee) => {
        const forward = priceForwardPayout({
          fiatAmount: decimal(fiatText),
          fiatCurrency,
          rate: decimal(rate),
          fee,
        });
        const reverse = priceReversePayout({
          sourceAmount: forward.value,
          fiatCurrency,
          rate: decimal(rate),
          fee,
        });

        expect(reverse.fee.equals(forward.fee)).toBe(true);
        const fiatAmount = ratio(fiatText);
        const oneStep = multiply(
          multiply({ n: 1n, d: 100n }, subtract(ONE, share(fee.basisPoints))),
          ratio(rate),
        );
        expect(compare(exact(reverse.value), fiatAmount)).toBeGreaterThanOrEqual(0);
        expect(compare(exact(reverse.value), add(fiatAmount, oneStep))).toBeLessThan(0);
      }),
      RUNS,
    );
  });
});

describe('monotonicity: a larger amount never prices lower', () => {
  it('forward payout value', () => {
    fc.assert(
      fc.property(fiatArbitrary, stepArbitrary, rateText, scheduleArbitrary, (fiat, step, rate, fee) => {
        const { fiatCurrency } = fiat;
        const smaller = decimal(fiat.fiatText);
        const larger = smaller.plus(decimal(`${step}e-${FIAT_DECIMALS[fiatCurrency]}`));
        const price = (fiatAmount: Decimal) =>
          priceForwardPayout({ fiatAmount, fiatCurrency, rate: decimal(rate), fee }).value;
        expect(price(smaller).lte(price(larger))).toBe(true);
      }),
      RUNS,
    );
  });

  it('reverse payout value, counting an amount below the fee as zero', () => {
    fc.assert(
      fc.property(
        sourceText,
        stepArbitrary,
        fiatArbitrary,
        rateText,
        scheduleArbitrary,
        (source, step, fiat, rate, fee) => {
          const smaller = decimal(source);
          const larger = smaller.plus(decimal(`${step}e-6`));
          const price = (sourceAmount: Decimal) =>
            valueOrZero(() =>
              priceReversePayout({ sourceAmount, fiatCurrency: fiat.fiatCurrency, rate: decimal(rate), fee }),
            );
          expect(price(smaller).lte(price(larger))).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('onramp value, counting a payment below the fee as zero', () => {
    fc.assert(
      fc.property(fiatArbitrary, stepArbitrary, rateText, scheduleArbitrary, (fiat, step, rate, fee) => {
        const { fiatCurrency } = fiat;
        const smaller = decimal(fiat.fiatText);
        const larger = smaller.plus(decimal(`${step}e-${FIAT_DECIMALS[fiatCurrency]}`));
        const price = (fiatAmount: Decimal) =>
          valueOrZero(() => priceOnramp({ fiatAmount, fiatCurrency, rate: decimal(rate), fee }));
        expect(price(smaller).lte(price(larger))).toBe(true);
      }),
      RUNS,
    );
  });
});

describe('fees', () => {
  // What each fee type charges on a base amount; also pins feeTypeOf to the schedule's parts.
  const expectFee = (fee: Decimal, base: Decimal, schedule: FeeSchedule) => {
    const percentage = round(multiply(exact(base), share(schedule.basisPoints)), 6, 'half-up');
    const expected: Record<FeeType, Ratio> = {
      [FeeType.None]: { n: 0n, d: 1n },
      [FeeType.Fixed]: exact(schedule.fixed),
      [FeeType.Percentage]: percentage,
      [FeeType.Combined]: add(percentage, exact(schedule.fixed)),
    };
    const type = feeTypeOf(schedule);
    expect(type).toBe(
      schedule.basisPoints > 0
        ? schedule.fixed.isZero()
          ? FeeType.Percentage
          : FeeType.Combined
        : schedule.fixed.isZero()
          ? FeeType.None
          : FeeType.Fixed,
    );
    expect(compare(exact(fee), expected[type])).toBe(0);
    expect(fee.gte(0)).toBe(true);
  };

  it('forward: the fee matches its type, is never negative and is less than the value sent', () => {
    fc.assert(
      fc.property(fiatArbitrary, rateText, scheduleArbitrary, ({ fiatCurrency, fiatText }, rate, fee) => {
        const price = priceForwardPayout({
          fiatAmount: decimal(fiatText),
          fiatCurrency,
          rate: decimal(rate),
          fee,
        });
        expectFee(price.fee, price.value, fee);
        expect(price.fee.lt(price.value)).toBe(true);
      }),
      RUNS,
    );
  });

  // The reverse value is fiat, so the fee (crypto) is bounded by the crypto sent.
  it('reverse: the fee matches its type, is never negative and is less than the amount sent', () => {
    fc.assert(
      fc.property(
        sourceText,
        fiatArbitrary,
        rateText,
        scheduleArbitrary,
        (source, { fiatCurrency }, rate, fee) => {
          const sourceAmount = decimal(source);
          const price = orBelowFee(() =>
            priceReversePayout({ sourceAmount, fiatCurrency, rate: decimal(rate), fee }),
          );
          if (price === BELOW_FEE) return;
          expectFee(price.fee, sourceAmount, fee);
          expect(price.fee.lt(sourceAmount)).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('onramp: the fee matches its type and value + fee is exactly the crypto bought', () => {
    fc.assert(
      fc.property(fiatArbitrary, rateText, scheduleArbitrary, ({ fiatCurrency, fiatText }, rate, fee) => {
        const price = orBelowFee(() =>
          priceOnramp({ fiatAmount: decimal(fiatText), fiatCurrency, rate: decimal(rate), fee }),
        );
        if (price === BELOW_FEE) return;
        expectFee(price.fee, price.gross, fee);
        expect(price.value.plus(price.fee).equals(price.gross)).toBe(true);
      }),
      RUNS,
    );
  });
});

describe('no drift: results equal the BigInt fraction reference digit for digit', () => {
  it('forward payout', () => {
    fc.assert(
      fc.property(fiatArbitrary, rateText, scheduleArbitrary, ({ fiatCurrency, fiatText }, rate, fee) => {
        const price = priceForwardPayout({
          fiatAmount: decimal(fiatText),
          fiatCurrency,
          rate: decimal(rate),
          fee,
        });
        const net = divide(ratio(fiatText), ratio(rate));
        const gross = divide(add(net, exact(fee.fixed)), subtract(ONE, share(fee.basisPoints)));
        const value = round(gross, 2, 'up');
        expect({ value: price.value.toFixed(2), fee: price.fee.toFixed(6) }).toEqual({
          value: fixedText(value, 2),
          fee: fixedText(feeReference(value, fee), 6),
        });
      }),
      RUNS,
    );
  });

  it('reverse payout', () => {
    fc.assert(
      fc.property(
        sourceText,
        fiatArbitrary,
        rateText,
        scheduleArbitrary,
        (source, { fiatCurrency }, rate, fee) => {
          const decimals = FIAT_DECIMALS[fiatCurrency];
          const actual = orBelowFee(() => {
            const price = priceReversePayout({
              sourceAmount: decimal(source),
              fiatCurrency,
              rate: decimal(rate),
              fee,
            });
            return { value: price.value.toFixed(decimals), fee: price.fee.toFixed(6) };
          });
          const feeAmount = feeReference(ratio(source), fee);
          const converted = subtract(ratio(source), feeAmount);
          const value = converted.n > 0n ? round(multiply(converted, ratio(rate)), decimals, 'down') : ONE;
          const expected =
            converted.n <= 0n || value.n === 0n
              ? BELOW_FEE
              : { value: fixedText(value, decimals), fee: fixedText(feeAmount, 6) };
          expect(actual).toEqual(expected);
        },
      ),
      RUNS,
    );
  });

  it('onramp', () => {
    fc.assert(
      fc.property(fiatArbitrary, rateText, scheduleArbitrary, ({ fiatCurrency, fiatText }, rate, fee) => {
        const actual = orBelowFee(() => {
          const price = priceOnramp({
            fiatAmount: decimal(fiatText),
            fiatCurrency,
            rate: decimal(rate),
            fee,
          });
          return { gross: price.gross.toFixed(6), fee: price.fee.toFixed(6), value: price.value.toFixed(6) };
        });
        const gross = round(divide(ratio(fiatText), ratio(rate)), 6, 'down');
        const feeAmount = feeReference(gross, fee);
        const value = subtract(gross, feeAmount);
        const expected =
          value.n <= 0n
            ? BELOW_FEE
            : { gross: fixedText(gross, 6), fee: fixedText(feeAmount, 6), value: fixedText(value, 6) };
        expect(actual).toEqual(expected);
      }),
      RUNS,
    );
  });

  it('decimal() keeps a 30-digit string exactly', () => {
    const thirtyDigits = fc
      .tuple(fc.boolean(), fc.integer({ min: 1, max: 9 }), digits(29, 29), fc.integer({ min: 1, max: 30 }))
      .map(([negative, first, rest, point]) => {
        const all = `${first}${rest}`;
        const text = point === 30 ? all : `${all.slice(0, point)}.${all.slice(point)}`;
        return negative ? `-${text}` : text;
      });
    fc.assert(
      fc.property(thirtyDigits, (text) => {
        const decimals = text.split('.')[1]?.length ?? 0;
        expect(decimal(text).toFixed(decimals)).toBe(text);
      }),
      RUNS,
    );
  });
});
