import { describe, expect, it } from '@jest/globals';
import { QueryFailedError } from 'typeorm';
import { isUnstorableText } from './unstorable-text.js';

const failed = (code: string) => new QueryFailedError('INSERT', [], Object.assign(new Error('x'), { code }));

describe(isUnstorableText.name, () => {
  it('recognises a NUL refused in text (22021) or in jsonb (22P05)', () => {
    expect(isUnstorableText(failed('22021'))).toBe(true);
    expect(isUnstorableText(failed('22P05'))).toBe(true);
  });

  it('leaves every other refusal alone', () => {
    expect(isUnstorableText(failed('22P02'))).toBe(false);
    expect(isUnstorableText(Object.assign(new Error('x'), { code: '22021' }))).toBe(false);
  });
});
