import { ChatError } from '../core/http/chat.error.js';
import { ProfileFieldType } from './profile-field-types.js';
import {
  checkDate,
  checkIntList,
  checkLongString,
  checkShortString,
  checkString,
  checkUrl,
} from './value-checks.js';

// What a user may store in a field: the field's label names the value in every refusal.
export interface ValueTarget {
  readonly name: string;
  readonly fieldType: number;
  // A list-of-options field's choices, as stored (JSON text).
  readonly fieldData: string;
}

export interface PickedUser {
  readonly id: number;
  readonly isActive: boolean;
  readonly isBot: boolean;
}

const refuse = (msg: string): never => {
  throw ChatError.badRequest(msg);
};

// Zulip's validate_user_custom_profile_field for every type but the person picker, whose users
// are looked up first (checkPickedUsers). Returns the value as stored: text, or the JSON list of
// user ids.
export function checkFieldValue(field: ValueTarget, value: unknown): string {
  switch (field.fieldType) {
    case ProfileFieldType.SHORT_TEXT:
    case ProfileFieldType.EXTERNAL_ACCOUNT:
    case ProfileFieldType.PRONOUNS:
      return checkShortString(field.name, value);
    case ProfileFieldType.LONG_TEXT:
      return checkLongString(field.name, value);
    case ProfileFieldType.DATE:
      return checkDate(field.name, value);
    case ProfileFieldType.URL:
      return checkUrl(field.name, value);
    case ProfileFieldType.SELECT:
      return checkChoice(field, value);
    case ProfileFieldType.USER:
      return JSON.stringify(pickedUserIds(value));
    default:
      throw new Error(`Invalid field type ${field.fieldType}`);
  }
}

// The person picker's value: a list of user ids (Zulip names it "User IDs" in refusals).
export function pickedUserIds(value: unknown): number[] {
  return checkIntList('User IDs', value);
}

// Zulip's check_valid_user_ids: every id an account of the realm, none deactivated, none a bot.
export function checkPickedUsers(ids: readonly number[], found: readonly PickedUser[]): void {
  const known = new Set(found.map((user) => user.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) refuse(`Invalid user IDs: ${unknown.join(', ')}`);
  for (const user of found) {
    if (!user.isActive) refuse(`User with ID ${user.id} is deactivated`);
    if (user.isBot) refuse(`User with ID ${user.id} is a bot`);
  }
}

// validate_select_field: the value is one of the choices' keys.
function checkChoice(field: ValueTarget, value: unknown): string {
  const key = checkString(field.name, value);
  const choices = JSON.parse(field.fieldData || '{}') as Record<string, unknown>;
  return Object.hasOwn(choices, key) ? key : refuse(`'${key}' is not a valid choice for '${field.name}'.`);
}
