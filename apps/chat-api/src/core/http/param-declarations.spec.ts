import { describe, expect, it } from '@jest/globals';
import { ChatError } from './chat.error.js';
import { optional, parseParams, required, withDefault, type ParamsSpec } from './param-declarations.js';
import { param, shape } from './param-types.js';
import { RequestParams } from './request-params.js';

const request = (body: Record<string, string>, query: Record<string, string> = {}) =>
  RequestParams.fromEntries(Object.entries(body), Object.entries(query));

function refusal(spec: ParamsSpec, body: Record<string, string>, query: Record<string, string> = {}) {
  try {
    parseParams(spec, request(body, query));
  } catch (error) {
    if (error instanceof ChatError) return { msg: error.reason, code: error.code, ...error.extra };
    throw error;
  }
  throw new Error('expected a ChatError');
}

describe(parseParams.name, () => {
  const spec = {
    to: required(param.list(shape.int())),
    count: required(param.int()),
    flag: optional(param.bool()),
    data: optional(param.dict()),
    items: optional(param.list(shape.string())),
    name: optional(param.string({ maxLength: 5 })),
    title: optional(param.string({ nonBlank: true })),
    op: optional(param.literal(['add', 'remove'])),
    kind: optional(param.oneOf(['direct', 'stream'])),
    target: optional(param.intOrIntList()),
    limit: optional(param.int({ min: 0, max: 10 })),
  };
  const valid = { to: '[1,2]', count: '3' };

  it.each([
    [
      'a missing required parameter',
      { count: '3' },
      { msg: "Missing 'to' argument", code: 'REQUEST_VARIABLE_MISSING', var_name: 'to' },
    ],
    [
      'text that is not JSON',
      { to: 'abc', count: '3' },
      { msg: 'to is not valid JSON', code: 'BAD_REQUEST' },
    ],
    [
      'a JSON value that is not a list',
      { to: '{}', count: '3' },
      { msg: 'to is not a list', code: 'BAD_REQUEST' },
    ],
    [
      'a list item of the wrong type',
      { to: '[1,"2"]', count: '3' },
      { msg: 'to[1] is not an integer', code: 'BAD_REQUEST' },
    ],
    [
      'a JSON string where an integer belongs',
      { ...valid, count: '"3"' },
      { msg: 'count is not an integer', code: 'BAD_REQUEST' },
    ],
    [
      'a float where an integer belongs',
      { ...valid, count: '3.0' },
      { msg: 'count is not an integer', code: 'BAD_REQUEST' },
    ],
    [
      'a number where a boolean belongs',
      { ...valid, flag: '1' },
      { msg: 'flag is not a boolean', code: 'BAD_REQUEST' },
    ],
    [
      'Python spelling of a boolean',
      { ...valid, flag: 'True' },
      { msg: 'flag is not valid JSON', code: 'BAD_REQUEST' },
    ],
    [
      'a list where a dict belongs',
      { ...valid, data: '[]' },
      { msg: 'data is not a dict', code: 'BAD_REQUEST' },
    ],
    [
      'a list item that is not a string',
      { ...valid, items: '["a",2]' },
      { msg: 'items[1] is not a string', code: 'BAD_REQUEST' },
    ],
    [
      'a string over its limit',
      { ...valid, name: 'abcdef' },
      { msg: 'name is too long (limit: 5 characters)', code: 'BAD_REQUEST' },
    ],
    ['a blank string', { ...valid, title: '   ' }, { msg: 'title cannot be blank', code: 'BAD_REQUEST' }],
    ['a value outside a literal set', { ...valid, op: 'toggle' }, { msg: 'Invalid op', code: 'BAD_REQUEST' }],
    [
      'a value outside a validated set',
      { ...valid, kind: 'email' },
      { msg: 'Invalid kind: Value error, Not in the list of possible values', code: 'BAD_REQUEST' },
    ],
    [
      'an integer below its minimum',
      { ...valid, limit: '-1' },
      { msg: 'limit is too small', code: 'BAD_REQUEST' },
    ],
    [
      'an integer above its maximum',
      { ...valid, limit: '11' },
      { msg: 'limit is too large', code: 'BAD_REQUEST' },
    ],
  ])('refuses %s', (_case, body, expected) => {
    expect(refusal(spec, body)).toEqual(expected);
  });

  it('reports the first failing parameter in declaration order, not in request order', () => {
    expect(refusal(spec, { name: 'toolong', count: 'x' })).toEqual({
      msg: "Missing 'to' argument",
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'to',
    });
  });

  it.each(['"5"', '5.0', '[1,"a"]', '[1e2]', 'true', '{}'])(
    "refuses %s for an integer or a list of them (it fails the union's first member)",
    (target) => {
      expect(refusal(spec, { ...valid, target })).toEqual({
        msg: 'target["int"] is not an integer',
        code: 'BAD_REQUEST',
      });
    },
  );

  it('takes an integer or a list of integers as one parameter', () => {
    expect(parseParams(spec, request({ ...valid, target: '7' })).values.target).toBe(7);
    expect(parseParams(spec, request({ ...valid, target: '[7, -8]' })).values.target).toEqual([7, -8]);
  });

  it('counts code points, not UTF-16 units, against a length limit', () => {
    expect(parseParams(spec, request({ ...valid, name: '😀😀😀😀😀' })).values.name).toBe('😀😀😀😀😀');
  });

  it('reads the body first, then the query string, and keeps strings raw', () => {
    const { values, used } = parseParams(
      { to: required(param.list(shape.int())), count: required(param.int()), name: optional(param.string()) },
      request({ to: '[7]', name: '[not json]' }, { to: '[8]', count: '2' }),
    );
    expect(values).toEqual({ to: [7], count: 2, name: '[not json]' });
    expect(used).toEqual(['to', 'count', 'name']);
  });

  it('fills defaults and leaves unsent optional parameters undefined and unused', () => {
    const { values, used } = parseParams(
      { apply: withDefault(param.bool(), true), note: optional(param.string()) },
      request({}),
    );
    expect(values).toEqual({ apply: true, note: undefined });
    expect(used).toEqual([]);
  });

  it('accepts an alias and refuses two names for one parameter', () => {
    const aliased = { topic: optional(param.string(), { aliases: ['subject'] }) };
    expect(parseParams(aliased, request({ subject: 'hi' }))).toEqual({
      values: { topic: 'hi' },
      used: ['subject'],
    });
    expect(refusal(aliased, { topic: 'a', subject: 'b' })).toEqual({
      msg: "Can't decide between 'topic' and 'subject' arguments",
      code: 'REQUEST_CONFUSING_VAR',
    });
  });
});
