import { describe, expect, it } from '@jest/globals';
import { NOT_BLANK } from './kyc-form.fields.js';

describe('NOT_BLANK', () => {
  it('holds for a text exactly when trimming leaves something', () => {
    const notBlank = new RegExp(NOT_BLANK);
    const disagreeing: string[] = [];
    for (let code = 0; code <= 0xffff; code += 1) {
      const character = String.fromCharCode(code);
      if (notBlank.test(character) !== (character.trim() !== '')) disagreeing.push(code.toString(16));
    }
    expect(disagreeing).toEqual([]);
  });
});
