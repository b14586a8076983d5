import type { CustomProfileFieldEntity } from './custom-profile-field.entity.js';
import { isRenderable } from './profile-field-types.js';
import type { StoredValue } from './custom-profile-fields.repository.js';

// A field as Zulip's CustomProfileField.as_dict shows it: `display_in_profile_summary` only
// when true, `field_data` as its JSON text.
export function fieldRow(field: CustomProfileFieldEntity) {
  return {
    id: field.id,
    name: field.name,
    type: field.fieldType,
    hint: field.hint,
    field_data: field.fieldData,
    order: field.order,
    required: field.required,
    editable_by_user: field.editableByUser,
    ...(field.displayInProfileSummary ? { display_in_profile_summary: true } : {}),
  };
}

export type ProfileValue = { value: string; rendered_value?: string | null };

// A user's `profile_data` entry: text fields carry their rendering (Zulip's
// get_custom_profile_field_values).
export function profileValue(stored: StoredValue): ProfileValue {
  return isRenderable(stored.fieldType)
    ? { value: stored.value, rendered_value: stored.renderedValue }
    : { value: stored.value };
}
