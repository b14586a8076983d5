import { ChatError } from '../core/http/chat.error.js';

// Zulip's check_* validators (zerver/lib/validator.py) that profile fields use, with their texts.
// A refusal is a 400 BAD_REQUEST carrying the validator's message.
const refuse = (msg: string): never => {
  throw ChatError.badRequest(msg);
};

export function checkString(varName: string, value: unknown): string {
  return typeof value === 'string' ? value : refuse(`${varName} is not a string`);
}

export function checkRequiredString(varName: string, value: unknown): string {
  const text = checkString(varName, value);
  return text.trim() ? text : refuse(`${varName} cannot be blank.`);
}

// Python counts code points, not UTF-16 units.
export function checkCappedString(maxLength: number) {
  return (varName: string, value: unknown): string => {
    const text = checkString(varName, value);
    return [...text].length > maxLength
      ? refuse(`${varName} is too long (limit: ${maxLength} characters)`)
      : text;
  };
}

export const checkShortString = checkCappedString(50);
export const checkLongString = checkCappedString(500);

// date.fromisoformat(value).isoformat() == value: exactly YYYY-MM-DD, a real calendar day.
export function checkDate(varName: string, value: unknown): string {
  const text = checkString(varName, value);
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return refuse(`${varName} is not a date`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  const real =
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day;
  return real ? text : refuse(`${varName} is not a date`);
}

// Django's URLValidator, which check_url applies: http, https, ftp or ftps; a host that is an
// IPv4 or bracketed IPv6 address, `localhost`, or a name with a top-level domain; an optional
// port, then anything but whitespace.
const UL = '\\u00a1-\\uffff';
const IPV4 =
  '(?:0|25[0-5]|2[0-4][0-9]|1[0-9]?[0-9]?|[1-9][0-9]?)(?:\\.(?:0|25[0-5]|2[0-4][0-9]|1[0-9]?[0-9]?|[1-9][0-9]?)){3}';
const IPV6 = '\\[[0-9a-f:.]+\\]';
const HOSTNAME = `[a-z${UL}0-9](?:[a-z${UL}0-9-]{0,61}[a-z${UL}0-9])?`;
const DOMAIN = `(?:\\.(?!-)[a-z${UL}0-9-]{1,63}(?<!-))*`;
const TLD = `\\.(?!-)(?:[a-z${UL}-]{2,63}|xn--[a-z0-9]{1,59})(?<!-)\\.?`;
const URL_PATTERN = new RegExp(
  `^(?:[a-z0-9.+-]*)://(?:[^\\s:@/]+(?::[^\\s:@/]*)?@)?(?:${IPV4}|${IPV6}|(?:${HOSTNAME}${DOMAIN}${TLD}|localhost))(?::[0-9]{1,5})?(?:[/?#][^\\s]*)?$`,
  'iu',
);
const URL_SCHEMES = new Set(['http', 'https', 'ftp', 'ftps']);
const URL_MAX_LENGTH = 2048;

export function isUrl(text: string): boolean {
  if (text.length > URL_MAX_LENGTH || /[\t\r\n]/.test(text)) return false;
  if (!URL_SCHEMES.has(text.split('://')[0]!.toLowerCase())) return false;
  if (!URL_PATTERN.test(text)) return false;
  const host = /^[^:]*:\/\/(?:[^@/]*@)?([^/?#:]*|\[[^\]]*\])/.exec(text)?.[1] ?? '';
  return host.length <= 253;
}

export function checkUrl(varName: string, value: unknown): string {
  const text = checkString(varName, value);
  return isUrl(text) ? text : refuse(`${varName} is not a URL`);
}

export function checkDict(varName: string, value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : refuse(`${varName} is not a dict`);
}

type Check = (varName: string, value: unknown) => unknown;

// check_dict_only: the required keys, then the optional ones, then nothing else.
export function checkDictOnly(
  varName: string,
  value: unknown,
  required: ReadonlyArray<readonly [string, Check]>,
  optional: ReadonlyArray<readonly [string, Check]> = [],
): Record<string, unknown> {
  const dict = checkDict(varName, value);
  for (const [key, check] of required) {
    if (!Object.hasOwn(dict, key)) refuse(`${key} key is missing from ${varName}`);
    check(`${varName}["${key}"]`, dict[key]);
  }
  for (const [key, check] of optional) if (Object.hasOwn(dict, key)) check(`${varName}["${key}"]`, dict[key]);
  const listed = new Set([...required, ...optional].map(([key]) => key));
  const unexpected = Object.keys(dict).filter((key) => !listed.has(key));
  if (unexpected.length > 0) refuse(`Unexpected arguments: ${unexpected.join(', ')}`);
  return dict;
}

export function checkIntList(varName: string, value: unknown): number[] {
  if (!Array.isArray(value)) return refuse(`${varName} is not a list`);
  value.forEach((item, index) => {
    if (typeof item !== 'number' || !Number.isInteger(item)) refuse(`${varName}[${index}] is not an integer`);
  });
  return value as number[];
}
