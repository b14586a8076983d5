import { describe, expect, it } from '@jest/globals';
import { pythonJson } from './python-json.js';

describe(pythonJson.name, () => {
  it("writes what Python's json.dumps writes", () => {
    expect(pythonJson({ data: 'café ☕ 😀', n: [1, true, null], o: {} })).toBe(
      '{"data": "caf\\u00e9 \\u2615 \\ud83d\\ude00", "n": [1, true, null], "o": {}}',
    );
    expect(pythonJson('tab\t"q"\\ \u007f\u0001')).toBe('"tab\\t\\"q\\"\\\\ \\u007f\\u0001"');
  });

  it('parses back to the same value', () => {
    const value = { message: { content: '**hi** é', reactions: [], stream_id: 7 }, token: 'x' };
    expect(JSON.parse(pythonJson(value))).toEqual(value);
  });
});
