import { required } from '../core/http/param-declarations.js';
import { invalid, param, type ParamType } from '../core/http/param-types.js';
import { ChatError } from '../core/http/chat.error.js';
import { PushTokenKind } from './push-device-token.entity.js';

const INT64_MAX = 2n ** 63n - 1n;
const INTEGER = /^\s*-?\d+\s*$/;

// Pydantic's Json[int], kept exact: a client's push_account_id is any 64-bit integer, beyond
// what a JavaScript number holds (the column is a bigint, so larger ones are refused).
const jsonInt64: ParamType<string> = {
  parse(raw, varName) {
    // Anything but integer text is refused by the integer parameter itself, in Zulip's words
    // (not valid JSON, not an integer); the throw after it only satisfies the type checker.
    if (!INTEGER.test(raw)) {
      param.int().parse(raw, varName);
      throw invalid(`${varName} is not an integer`);
    }
    const value = BigInt(raw.trim());
    if (value > INT64_MAX) throw invalid(`${varName} is too large`);
    if (value < -INT64_MAX - 1n) throw invalid(`${varName} is too small`);
    return value.toString();
  },
};

// Zulip's ApnsAppId: a StringConstraints pattern, whose refusal reads "has invalid format".
const apnsAppId: ParamType<string> = {
  parse(raw, varName) {
    if (!/^[.a-zA-Z0-9-]+$/.test(raw)) throw invalid(`${varName} has invalid format`);
    return raw;
  },
};

// POST /mobile_push/register, in Zulip's declaration order.
export const registerParams = {
  token_kind: required(param.oneOf(['fcm', 'apns'] as const)),
  push_account_id: required(jsonInt64),
  push_public_key: required(param.string()),
  bouncer_public_key: required(param.string()),
  encrypted_push_registration: required(param.string()),
};

export const apnsTokenParams = { appid: required(apnsAppId), token: required(param.string()) };
export const tokenParams = { token: required(param.string()) };

const MAX_TOKEN_LENGTH = 4096;
// bytes.fromhex: pairs of hex digits, ASCII whitespace allowed between the pairs.
const HEX_BYTES = /^[\t\n\v\f\r ]*(?:[0-9a-fA-F]{2}[\t\n\v\f\r ]*)*$/;

// Zulip's validate_token, checked after the parameters are read (lengths in code points, as
// Python counts them).
export function validateToken(token: string, kind: PushTokenKind): void {
  if (token === '' || [...token].length > MAX_TOKEN_LENGTH)
    throw ChatError.badRequest('Empty or invalid length token');
  if (kind === PushTokenKind.APNS && !HEX_BYTES.test(token)) throw ChatError.badRequest('Invalid APNS token');
}
