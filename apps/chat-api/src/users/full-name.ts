import { ChatError } from '../request/chat.error.js';

const MAX_NAME_LENGTH = 100;
const MIN_NAME_LENGTH = 2;
const FORBIDDEN = /[*`\\>"@\u0000-\u001f\u007f]/;

// Zulip's check_full_name: trimmed, 2 to 100 characters, none of the Markdown mention syntax.
export function checkFullName(raw: string): string {
  const name = raw.trim();
  if ([...name].length > MAX_NAME_LENGTH) throw ChatError.badRequest('Name too long!');
  if ([...name].length < MIN_NAME_LENGTH) throw ChatError.badRequest('Name too short!');
  if (FORBIDDEN.test(name)) throw ChatError.badRequest('Invalid characters in name!');
  return name;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL.test(email);
}
