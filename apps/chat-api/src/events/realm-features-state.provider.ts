import { Injectable } from '@nestjs/common';
import { type RegisterStateProvider, RegisterState } from '../core/events/register-state.js';

// The keys of CustomProfileField.ALL_FIELD_TYPES (id and display name), in Zulip's order: sorted
// by display name.
const CUSTOM_PROFILE_FIELD_TYPES = {
  DATE: { id: 4, name: 'Date' },
  EXTERNAL_ACCOUNT: { id: 7, name: 'External account' },
  URL: { id: 5, name: 'Link' },
  SELECT: { id: 3, name: 'List of options' },
  PRONOUNS: { id: 8, name: 'Pronouns' },
  LONG_TEXT: { id: 2, name: 'Text (long)' },
  SHORT_TEXT: { id: 1, name: 'Text (short)' },
  USER: { id: 6, name: 'Users' },
} as const;

// Realm features this server does not have, in the shapes Zulip gives a realm without them:
// `realm_emoji` (no custom emoji), `custom_profile_fields` (no fields; the types are the
// server's). `realm_user_groups` comes from the user-groups feature.
@Injectable()
@RegisterState()
export class RealmFeaturesStateProvider implements RegisterStateProvider {
  fetch(_caller: unknown, want: (type: string) => boolean) {
    const state: Record<string, unknown> = {};
    if (want('realm_emoji')) state['realm_emoji'] = {};
    if (want('custom_profile_fields')) {
      state['custom_profile_fields'] = [];
      state['custom_profile_field_types'] = CUSTOM_PROFILE_FIELD_TYPES;
    }
    return Promise.resolve(state);
  }
}
