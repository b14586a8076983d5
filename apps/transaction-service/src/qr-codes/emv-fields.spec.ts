import { describe, expect, it } from '@jest/globals';
import { readEmvFields } from './emv-fields.js';

describe(readEmvFields.name, () => {
  it('reads id, length and value runs in order', () => {
    expect([...(readEmvFields('000201' + '5303986' + '5802BR') ?? [])]).toEqual([
      ['00', '01'],
      ['53', '986'],
      ['58', 'BR'],
    ]);
  });

  it.each([
    ['an empty text', ''],
    ['a value shorter than its length', '00020'],
    ['a non-numeric length', '00AB01'],
    ['a non-numeric id', 'X00201'],
    ['a zero length', '0000'],
    ['a repeated id', '000201000201'],
    ['trailing bytes', '0002010'],
  ])('refuses %s', (_case, text) => {
    expect(readEmvFields(text)).toBeNull();
  });
});
