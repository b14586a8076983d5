// What every client string must be for PostgreSQL to take it as text, json or jsonb: no NUL (no
// text value holds one, and jsonb refuses `\u0000`) and no lone UTF-16 surrogate (UTF-8 has no
// form for one: json refuses its `\ud800` escape and text quietly stores U+FFFD instead). With
// the `u` flag a well-formed surrogate pair reads as one code point, so only lone halves match.
const UNSTORABLE = /[\u0000\p{Cs}]/u;
const LONE_SURROGATE = /\p{Cs}/u;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

// Half of that rule, for a surface whose own rules name NUL characters where they refuse them
// (the chat API, in Zulip's words): text without a lone surrogate.
export function isWellFormedText(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

// The refusal's words, for every surface that words its own errors the platform's way.
export function unstorableTextReason(field: string): string {
  return `${field} must be valid Unicode text without NUL characters`;
}

// Names a plain object inherits (constructor, __proto__, hasOwnProperty…) and `prototype`. No
// request declares one, and the validator's whitelist cannot see them: it looks each property's
// rules up in a plain object, where these names find inherited members, and class-transformer
// skips them, so they would pass silently. JSON.parse makes `__proto__` an own property too,
// which an unwary merge turns into prototype pollution.
export function isPrototypeName(name: string): boolean {
  return name in Object.prototype || name === 'prototype';
}
