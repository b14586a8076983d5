import { ChatError } from '../core/http/chat.error.js';
import type { JsonShape } from '../core/http/param-types.js';
import { DEFAULT_EXTERNAL_ACCOUNTS, isDefaultExternalAccount } from './external-accounts.js';
import { isFieldType, ProfileFieldType } from './profile-field-types.js';
import {
  checkCappedString,
  checkDict,
  checkDictOnly,
  checkRequiredString,
  checkString,
  checkUrl,
} from './value-checks.js';

// A field's `field_data` as sent: choices of a list-of-options field ({key: {text, order}}), or
// an external account's {subtype, url_pattern}.
export type FieldData = Readonly<Record<string, unknown>>;

export const NAME_MAX_LENGTH = 40;
export const HINT_MAX_LENGTH = 80;
export const MAX_DISPLAY_IN_PROFILE_SUMMARY_FIELDS = 2;

export interface FieldDefinition {
  readonly name: string;
  readonly hint: string;
  readonly fieldType: number;
  readonly fieldData: FieldData;
  readonly displayInProfileSummary: boolean;
}

const refuse = (msg: string): never => {
  throw ChatError.badRequest(msg);
};

// The `field_data` parameter: a dict of strings or of dicts of strings (Zulip's
// check_profile_field_data); what each type needs is checked with the rest of the definition.
export const fieldDataShape: JsonShape<FieldData> = {
  check(value, varName) {
    const dict = checkDict(varName, value);
    for (const entry of Object.values(dict)) {
      const allowed =
        typeof entry === 'string' ||
        (typeof entry === 'object' &&
          entry !== null &&
          !Array.isArray(entry) &&
          Object.values(entry).every((inner) => typeof inner === 'string'));
      if (!allowed) refuse(`${varName} contains a value that is not an allowed_type`);
    }
    return dict;
  },
};

// Zulip's validate_custom_profile_field, in its order: the type's field_data, then (unless the
// field is a built-in external account, whose label comes from the server) label and hint, then
// the type itself, then whether it may show in the profile summary.
export function checkFieldDefinition(definition: FieldDefinition): void {
  checkFieldData(definition.fieldType, definition.fieldData);
  if (!isDefaultExternalField(definition.fieldType, definition.fieldData))
    checkNameAndHint(definition.name, definition.hint);
  if (!isFieldType(definition.fieldType)) refuse('Invalid field type.');
  if (
    definition.displayInProfileSummary &&
    (definition.fieldType === ProfileFieldType.LONG_TEXT || definition.fieldType === ProfileFieldType.USER)
  )
    refuse('Field type not supported for display in profile summary.');
}

export function isDefaultExternalField(fieldType: number, fieldData: FieldData): boolean {
  return fieldType === ProfileFieldType.EXTERNAL_ACCOUNT && fieldData['subtype'] !== 'custom';
}

// What a new field stores as field_data: the choices, an external account's definition (only
// the subtype for a built-in one), nothing for the other types.
export function storedFieldData(fieldType: number, fieldData: FieldData): string {
  if (isDefaultExternalField(fieldType, fieldData)) return JSON.stringify({ subtype: fieldData['subtype'] });
  return carriesFieldData(fieldType) ? JSON.stringify(fieldData) : '';
}

export function carriesFieldData(fieldType: number): boolean {
  return fieldType === ProfileFieldType.SELECT || fieldType === ProfileFieldType.EXTERNAL_ACCOUNT;
}

// A built-in external account field's label and hint.
export function defaultExternalAccount(fieldData: FieldData): { name: string; hint: string } {
  const account = DEFAULT_EXTERNAL_ACCOUNTS[String(fieldData['subtype'])]!;
  return { name: account.name, hint: account.hint };
}

function checkNameAndHint(name: string, hint: string): void {
  if (!name.trim()) refuse('Label cannot be blank.');
  checkCappedString(HINT_MAX_LENGTH)('hint', hint);
  checkCappedString(NAME_MAX_LENGTH)('name', name);
}

function checkFieldData(fieldType: number, fieldData: FieldData): void {
  if (fieldType === ProfileFieldType.SELECT) checkChoices(fieldData);
  else if (fieldType === ProfileFieldType.EXTERNAL_ACCOUNT) checkExternalAccount(fieldData);
}

// Zulip's validate_select_field_data: at least one choice, each with a non-blank key and a
// non-blank text and order (and nothing else), no two with the same text.
function checkChoices(fieldData: FieldData): void {
  const entries = Object.entries(fieldData);
  if (entries.length < 1) refuse('Field must have at least one choice.');
  const texts = new Set<string>();
  for (const [key, choice] of entries) {
    if (!key.trim()) refuse("'value' cannot be blank.");
    const checked = checkDictOnly('field_data', choice, [
      ['text', checkRequiredString],
      ['order', checkRequiredString],
    ]);
    texts.add(checked['text'] as string);
  }
  if (texts.size !== entries.length) refuse('Field must not have duplicate choices.');
}

// Zulip's validate_external_account_field_data: a subtype, for `custom` with a URL pattern
// holding `%(username)s` once.
function checkExternalAccount(fieldData: FieldData): void {
  checkDictOnly(
    'field_data',
    fieldData,
    [['subtype', checkRequiredString]],
    [['url_pattern', checkUrlPattern]],
  );
  const subtype = fieldData['subtype'] as string;
  if (!isDefaultExternalAccount(subtype) && subtype !== 'custom') refuse('Invalid external account type');
}

function checkUrlPattern(varName: string, value: unknown): string {
  const pattern = checkString(varName, value);
  if (pattern.split('%(username)s').length !== 2) refuse("URL pattern must contain '%(username)s'.");
  checkUrl(varName, pattern.replace('%(username)s', 'username'));
  return pattern;
}
