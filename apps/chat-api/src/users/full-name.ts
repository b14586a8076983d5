import { ChatError } from '../core/http/chat.error.js';

const MAX_NAME_LENGTH = 100;
const MIN_NAME_LENGTH = 2;
// Zulip's NAME_INVALID_CHARS and check_string_is_printable (categories Cc, Cs and Cn).
const FORBIDDEN = /[*`\\>"@]|\p{Cc}|\p{Cs}|\p{Cn}/u;
// A name ending like `|15` would read as a mention's user id. Python's `$` also matches before a
// final newline.
const MENTION_ID_SUFFIX = /\|\p{Nd}+\n?$/u;

// Zulip's check_full_name: trimmed, 2 to 100 characters, none of the Markdown mention syntax.
export function checkFullName(raw: string): string {
  const name = raw.trim();
  if ([...name].length > MAX_NAME_LENGTH) throw ChatError.badRequest('Name too long!');
  if ([...name].length < MIN_NAME_LENGTH) throw ChatError.badRequest('Name too short!');
  if (FORBIDDEN.test(name)) throw ChatError.badRequest('Invalid characters in name!');
  if (MENTION_ID_SUFFIX.test(raw)) throw ChatError.badRequest('Invalid format!');
  return name;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Django's EmailValidator (Zulip's validate_email) allows this domain without a dot.
const LOCAL_EMAIL = /^[^\s@]+@localhost$/i;

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && (EMAIL.test(email) || LOCAL_EMAIL.test(email));
}
