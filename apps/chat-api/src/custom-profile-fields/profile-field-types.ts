// Zulip's custom profile field types (zerver/models/custom_profile_fields.py), by their codes.
export enum ProfileFieldType {
  SHORT_TEXT = 1,
  LONG_TEXT = 2,
  SELECT = 3,
  DATE = 4,
  URL = 5,
  USER = 6,
  EXTERNAL_ACCOUNT = 7,
  PRONOUNS = 8,
}

interface FieldTypeInfo {
  readonly type: ProfileFieldType;
  readonly keyword: keyof typeof ProfileFieldType;
  readonly name: string;
}

// Zulip's ALL_FIELD_TYPES: sorted by display name, which is the order of
// `custom_profile_field_types` in POST /register.
export const FIELD_TYPES: readonly FieldTypeInfo[] = [
  { type: ProfileFieldType.DATE, keyword: 'DATE', name: 'Date' },
  { type: ProfileFieldType.EXTERNAL_ACCOUNT, keyword: 'EXTERNAL_ACCOUNT', name: 'External account' },
  { type: ProfileFieldType.URL, keyword: 'URL', name: 'Link' },
  { type: ProfileFieldType.SELECT, keyword: 'SELECT', name: 'List of options' },
  { type: ProfileFieldType.PRONOUNS, keyword: 'PRONOUNS', name: 'Pronouns' },
  { type: ProfileFieldType.LONG_TEXT, keyword: 'LONG_TEXT', name: 'Text (long)' },
  { type: ProfileFieldType.SHORT_TEXT, keyword: 'SHORT_TEXT', name: 'Text (short)' },
  { type: ProfileFieldType.USER, keyword: 'USER', name: 'Users' },
];

export function isFieldType(value: number): value is ProfileFieldType {
  return FIELD_TYPES.some((info) => info.type === value);
}

// `custom_profile_field_types` of POST /register: keyword → {id, name}.
export function fieldTypesState(): Record<string, { id: number; name: string }> {
  return Object.fromEntries(FIELD_TYPES.map((info) => [info.keyword, { id: info.type, name: info.name }]));
}

// Text values are Markdown: Zulip stores their rendering and sends it as `rendered_value`.
export function isRenderable(type: number): boolean {
  return type === ProfileFieldType.SHORT_TEXT || type === ProfileFieldType.LONG_TEXT;
}
