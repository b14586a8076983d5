import { describe, expect, it } from '@jest/globals';
import { memoProblem } from './stellar-memo.js';

describe(memoProblem.name, () => {
  const reference = Buffer.from('3f1c0b9e8a5d4c1e9b7a2d4e6f8a0c1b', 'hex').toString('base64');

  it.each([
    [{ memo_type: 'text', memo: reference }, null],
    [{ memo_type: 'none' }, 'missing'],
    [{ memo_type: 'id', memo: '12345' }, 'missing'],
    [{ memo_type: 'text', memo: '' }, 'missing'],
    [{ memo_type: 'text', memo: 'order-42' }, 'malformed'],
    [{ memo_type: 'text', memo: `${reference.slice(0, -2)}AA` }, 'malformed'],
  ])('%j → %s', (memo, problem) => {
    expect(memoProblem(memo)).toBe(problem);
  });
});
