import { describe, expect, it } from '@jest/globals';
import { NOT_BLANK } from './kyc-form.fields.js';

describe('NOT_BLANK', () => {
  it('holds for a character exactly when trim keeps it and it is not NUL', () => {
    const notBlank = new RegExp(NOT_BLANK);
    const disagreeing: string[] = [];
    for (let code = 0; code <= 0xffff; code += 1) {
      const character = String.fromCharCode(code);
      const kept = character.trim() !== '' && character !== '\u0000';
      if (notBlank.test(character) !== kept) disagreeing.push(code.toString(16));
    }
    expect(disagreeing).toEqual([]);
  });

  it('holds for a text with a kept character and no NUL anywhere', () => {
    const notBlank = new RegExp(NOT_BLANK);
    expect(['user-42', ' \r user 42 \ufeff', '\u0019x'].map((text) => notBlank.test(text))).toEqual([
      true,
      true,
      true,
    ]);
    expect(['', ' \r\n\ufeff', 'user\u000042', '\u0000'].map((text) => notBlank.test(text))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
