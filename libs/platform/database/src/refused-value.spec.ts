import { describe, expect, it } from '@jest/globals';
import { QueryFailedError } from 'typeorm';
import { isRefusedValue } from './refused-value.js';

const withCode = (code: string) => Object.assign(new Error('refused'), { code });

describe(isRefusedValue.name, () => {
  it.each([
    ['22P02', 'invalid text representation (a json value with a lone surrogate escape)'],
    ['22021', 'character not in repertoire (a NUL)'],
    ['22P05', 'untranslatable character (jsonb \\u0000)'],
    ['22003', 'numeric value out of range'],
    ['23502', 'not null violation'],
    ['23514', 'check violation'],
  ])('recognises %s, %s, from TypeORM or node-postgres', (code) => {
    expect(isRefusedValue(new QueryFailedError('INSERT', [], withCode(code)))).toBe(true);
    expect(isRefusedValue(withCode(code))).toBe(true);
  });

  it('leaves what a retry can get past to the other answers', () => {
    expect(isRefusedValue(new QueryFailedError('INSERT', [], withCode('23505')))).toBe(false);
    expect(isRefusedValue(new QueryFailedError('INSERT', [], withCode('23503')))).toBe(false);
    expect(isRefusedValue(new QueryFailedError('SELECT', [], withCode('40001')))).toBe(false);
    expect(isRefusedValue(withCode('ECONNREFUSED'))).toBe(false);
    expect(isRefusedValue(new Error('boom'))).toBe(false);
    expect(isRefusedValue('22P02')).toBe(false);
  });
});
