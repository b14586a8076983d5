import { isWellFormedText } from '@platform/http';

// A `\u` escape of a surrogate half: the only way a lone surrogate reaches a parameter, since
// form and query decoding turn undecodable bytes into U+FFFD.
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

// JSON as Zulip's parsers (orjson, pydantic's) read it: an escaped lone surrogate (`"\ud800"`),
// which JSON.parse takes, is a syntax error to them, and no PostgreSQL text or json could hold
// it. Throws SyntaxError like JSON.parse; text without such an escape skips the second look.
export function parseZulipJson(text: string): unknown {
  return SURROGATE_ESCAPE.test(text) ? JSON.parse(text, refuseLoneSurrogates) : JSON.parse(text);
}

function refuseLoneSurrogates(key: string, value: unknown): unknown {
  if (!isWellFormedText(key) || (typeof value === 'string' && !isWellFormedText(value)))
    throw new SyntaxError('Lone surrogate in a \\u escape');
  return value;
}
