import { describe, expect, it } from '@jest/globals';
import { railOutcomeFor } from './rail-outcome.js';

describe(railOutcomeFor.name, () => {
  it.each([
    ['+5511999990000', { kind: 'fail', reason: 'INVALID_ACCOUNT' }],
    ['person@example.com1', { kind: 'fail', reason: 'ACCOUNT_BLOCKED' }],
    ['@breb9', { kind: 'settle', late: true }],
    ['12345678902', { kind: 'settle', late: false }],
    ['abc', { kind: 'settle', late: false }],
  ])('%s → %j', (key, outcome) => {
    expect(railOutcomeFor(key)).toEqual(outcome);
  });
});
