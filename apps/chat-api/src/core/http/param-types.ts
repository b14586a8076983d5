import { ChatError, ChatErrorCode } from './chat.error.js';
import { parseZulipJson } from './zulip-json.js';

// How one parameter's raw form text becomes a typed value, with Zulip's error texts
// (zerver/lib/typed_endpoint.py ERROR_TEMPLATES). Integers, booleans, lists and dicts are JSON
// text inside the field (`to=[7,9]`); strings are taken raw. Validation is strict: `"5"` is not
// an integer and `1` is not a boolean.
export interface ParamType<T> {
  parse(raw: string, varName: string): T;
}

// A check of an already-decoded JSON value; `varName` grows with the path (`to[1]`, `data["k"]`).
export interface JsonShape<T> {
  check(value: unknown, varName: string): T;
}

export function invalid(msg: string): ChatError {
  return ChatError.badRequest(msg);
}

export interface IntBounds {
  readonly min?: number;
  readonly max?: number;
}

export interface StringRules {
  readonly maxLength?: number;
  // Zulip's StringRequiredConstraint: surrounding whitespace is stripped and nothing may remain.
  readonly nonBlank?: boolean;
}

const INTEGER_TEXT = /^\s*-?\d+\s*$/;
// JSON text of integers and lists of them only (no `5.0`, `1e3`: Python reads those as floats).
const INTEGERS_TEXT = /^[\s\d,[\]-]*$/;

export const shape = {
  int(bounds: IntBounds = {}): JsonShape<number> {
    return {
      check(value, varName) {
        if (typeof value !== 'number' || !Number.isInteger(value))
          throw invalid(`${varName} is not an integer`);
        if (bounds.min !== undefined && value < bounds.min) throw invalid(`${varName} is too small`);
        if (bounds.max !== undefined && value > bounds.max) throw invalid(`${varName} is too large`);
        return value;
      },
    };
  },
  bool(): JsonShape<boolean> {
    return {
      check(value, varName) {
        if (typeof value !== 'boolean') throw invalid(`${varName} is not a boolean`);
        return value;
      },
    };
  },
  string(rules: StringRules = {}): JsonShape<string> {
    return {
      check(value, varName) {
        if (typeof value !== 'string') throw invalid(`${varName} is not a string`);
        return checkString(value, varName, rules);
      },
    };
  },
  list<T>(item: JsonShape<T>): JsonShape<T[]> {
    return {
      check(value, varName) {
        if (!Array.isArray(value)) throw invalid(`${varName} is not a list`);
        return value.map((entry, index) => item.check(entry, `${varName}[${index}]`));
      },
    };
  },
  // A user given by id or by email (`principals`).
  intOrString(): JsonShape<number | string> {
    return {
      check(value, varName) {
        if (typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value))) return value;
        throw invalid(`${varName} is not a string or an integer`);
      },
    };
  },
  // Zulip's check_url: a string that is an http(s) URL.
  url(): JsonShape<string> {
    return {
      check(value, varName) {
        if (typeof value !== 'string') throw invalid(`${varName} is not a string`);
        if (!isHttpUrl(value)) throw invalid(`${varName} is not a URL`);
        return value;
      },
    };
  },
  dict(): JsonShape<Record<string, unknown>> {
    return {
      check(value, varName) {
        if (typeof value !== 'object' || value === null || Array.isArray(value))
          throw invalid(`${varName} is not a dict`);
        return value as Record<string, unknown>;
      },
    };
  },
  any(): JsonShape<unknown> {
    return { check: (value) => value };
  },
};

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function checkString(value: string, varName: string, rules: StringRules): string {
  const text = rules.nonBlank ? value.trim() : value;
  if (rules.nonBlank && text.length === 0) throw invalid(`${varName} cannot be blank`);
  // Zulip counts code points (Python str length), not UTF-16 units.
  if (rules.maxLength !== undefined && [...text].length > rules.maxLength)
    throw invalid(`${varName} is too long (limit: ${rules.maxLength} characters)`);
  return text;
}

function decodeJson(raw: string, varName: string): unknown {
  try {
    return parseZulipJson(raw);
  } catch {
    throw invalid(`${varName} is not valid JSON`);
  }
}

export const param = {
  // A JSON-encoded value of the given shape.
  json<T>(of: JsonShape<T>): ParamType<T> {
    return { parse: (raw, varName) => of.check(decodeJson(raw, varName), varName) };
  },
  int(bounds: IntBounds = {}): ParamType<number> {
    const check = shape.int(bounds);
    return {
      parse(raw, varName) {
        const value = decodeJson(raw, varName);
        // JSON.parse reads `5.0` as 5; Python reads it as a float, which is not an integer.
        if (typeof value === 'number' && !INTEGER_TEXT.test(raw))
          throw invalid(`${varName} is not an integer`);
        return check.check(value, varName);
      },
    };
  },
  bool(): ParamType<boolean> {
    return param.json(shape.bool());
  },
  list<T>(item: JsonShape<T>): ParamType<T[]> {
    return param.json(shape.list(item));
  },
  dict(): ParamType<Record<string, unknown>> {
    return param.json(shape.dict());
  },
  // Pydantic's strict `Json[int | list[int]]`: anything else fails the union's first member,
  // which Zulip reports as `<name>["int"] is not an integer`.
  intOrIntList(): ParamType<number | number[]> {
    return {
      parse(raw, varName) {
        const value = decodeJson(raw, varName);
        const integers =
          INTEGERS_TEXT.test(raw) &&
          (Number.isInteger(value) ||
            (Array.isArray(value) && value.every((item) => Number.isInteger(item))));
        if (!integers) throw invalid(`${varName}["int"] is not an integer`);
        return value as number | number[];
      },
    };
  },
  // Pydantic's `Json[X | None]`: a JSON `null` reads as the parameter not given.
  orNull<T>(type: ParamType<T>): ParamType<T | undefined> {
    return { parse: (raw, varName) => (raw.trim() === 'null' ? undefined : type.parse(raw, varName)) };
  },
  // Pydantic's `Json[bool] | str` tried left to right: JSON `true`/`false` is a boolean, any
  // other text is taken raw.
  boolOrString(): ParamType<boolean | string> {
    return {
      parse(raw) {
        const text = raw.trim();
        return text === 'true' ? true : text === 'false' ? false : raw;
      },
    };
  },
  // Raw text, never JSON-decoded.
  string(rules: StringRules = {}): ParamType<string> {
    return { parse: (raw, varName) => checkString(raw, varName, rules) };
  },
  // A `Literal[...]` of fixed raw strings; anything else is `Invalid <name>`.
  literal<V extends string>(values: readonly V[]): ParamType<V> {
    return {
      parse(raw, varName) {
        if (!(values as readonly string[]).includes(raw)) throw invalid(`Invalid ${varName}`);
        return raw as V;
      },
    };
  },
  // A string checked by Zulip's check_string_in_validator (a pydantic AfterValidator): its
  // refusal is a value error, worded unlike a Literal's.
  oneOf<V extends string>(values: readonly V[]): ParamType<V> {
    return {
      parse(raw, varName) {
        if (!(values as readonly string[]).includes(raw))
          throw invalid(`Invalid ${varName}: Value error, Not in the list of possible values`);
        return raw as V;
      },
    };
  },
};

export function missing(varName: string): ChatError {
  return new ChatError(ChatErrorCode.REQUEST_VARIABLE_MISSING, `Missing '${varName}' argument`, {
    var_name: varName,
  });
}
