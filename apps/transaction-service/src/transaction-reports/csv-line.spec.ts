import { describe, expect, it } from '@jest/globals';
import { csvLine, inertText } from './csv-line.js';

describe('csvLine', () => {
  it('joins plain fields with commas and ends the record with CRLF', () => {
    expect(csvLine(['a', '101.02', ''])).toBe('a,101.02,\r\n');
  });

  it.each([
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\r', '"cr\r"'],
  ])('encloses %j in double quotes', (field, written) => {
    expect(csvLine([field, 'x'])).toBe(`${written},x\r\n`);
  });
});

describe('inertText', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])('prefixes %j with an apostrophe', (value) => {
    expect(inertText(value)).toBe(`'${value}`);
  });

  it('leaves other text as it is', () => {
    expect(inertText('user-7')).toBe('user-7');
    expect(inertText("O'Brien=1")).toBe("O'Brien=1");
  });
});
