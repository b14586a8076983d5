import { describe, expect, it } from '@jest/globals';
import { capProblem, flowChangeProblem, kycThresholdProblem } from './change-checks.js';

const valid = { feeBasisPoints: '150', feeFixed: '0.10', minAmount: '20000', maxAmount: '20000000' };

describe(flowChangeProblem.name, () => {
  it('accepts fees and bounds the service accepts, blank bounds included', () => {
    expect(flowChangeProblem(valid)).toBeNull();
    expect(flowChangeProblem({ ...valid, minAmount: '', maxAmount: '' })).toBeNull();
    expect(flowChangeProblem({ ...valid, minAmount: '5', maxAmount: '5.000000' })).toBeNull();
  });

  it.each([
    [{ feeBasisPoints: '1.5' }, 'The fee must be a whole number of basis points from 0 to 9999 (100 is 1%).'],
    [
      { feeBasisPoints: '10000' },
      'The fee must be a whole number of basis points from 0 to 9999 (100 is 1%).',
    ],
    [{ feeFixed: '0,10' }, /^The fixed fee must be a plain amount/],
    [{ minAmount: '20,000' }, /^The minimum must be a plain amount/],
    [{ maxAmount: '1.1234567' }, /^The maximum must be a plain amount/],
    [{ minAmount: '', maxAmount: '1,0' }, /^The maximum must be a plain amount/],
    [
      { minAmount: '100000', maxAmount: '99999.99' },
      'The minimum is above the maximum: lower it or raise the maximum.',
    ],
  ])('says in words what is wrong with %o', (change, problem) => {
    expect(flowChangeProblem({ ...valid, ...change })).toEqual(
      typeof problem === 'string' ? problem : expect.stringMatching(problem),
    );
  });
});

describe(kycThresholdProblem.name, () => {
  it('takes blank (the default) or a plain amount', () => {
    expect(kycThresholdProblem('')).toBeNull();
    expect(kycThresholdProblem('1000.50')).toBeNull();
    expect(kycThresholdProblem('1,000')).toMatch(/^The threshold must be a plain amount/);
  });
});

describe(capProblem.name, () => {
  it('takes blank (uncapped) or an amount in cents at most', () => {
    expect(capProblem('Per transaction', '')).toBeNull();
    expect(capProblem('Per transaction', '5000000.50')).toBeNull();
    expect(capProblem('Per transaction', '10.005')).toBe(
      'Per transaction must be a plain amount such as 1000 or 0.25: digits only, at most 2 decimals, no thousands separators.',
    );
  });
});
