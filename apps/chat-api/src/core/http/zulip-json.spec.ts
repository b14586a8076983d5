import { describe, expect, it } from '@jest/globals';
import { parseZulipJson } from './zulip-json.js';

describe(parseZulipJson.name, () => {
  it('reads JSON as JSON.parse does, escaped surrogate pairs included', () => {
    expect(parseZulipJson('[{"name":"a\\u0000b","n":1}]')).toEqual([{ name: 'a\u0000b', n: 1 }]);
    expect(parseZulipJson('"\\ud83d\\ude00"')).toBe('😀');
    expect(parseZulipJson('"\\\\ud800"')).toBe('\\ud800');
  });

  it('refuses an escaped lone surrogate in a value or a key, as Zulip’s parsers do', () => {
    expect(() => parseZulipJson('"\\ud800"')).toThrow(SyntaxError);
    expect(() => parseZulipJson('[1,{"operand":"a\\uDC00"}]')).toThrow(SyntaxError);
    expect(() => parseZulipJson('{"\\ud800":1}')).toThrow(SyntaxError);
  });
});
