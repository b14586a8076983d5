import type { ChatCaller } from '../core/http/chat-caller.js';
import { type RegisterStateProvider, RegisterState } from '../core/events/register-state.js';
import { CustomProfileFieldsService } from './custom-profile-fields.service.js';
import { DEFAULT_EXTERNAL_ACCOUNTS } from './external-accounts.js';
import { fieldTypesState } from './profile-field-types.js';

// POST /register: `custom_profile_fields` with `custom_profile_field_types`, and with `realm`
// the built-in external accounts an administrator can pick (`realm_default_external_accounts`).
@RegisterState()
export class CustomProfileFieldsStateProvider implements RegisterStateProvider {
  constructor(private readonly fields: CustomProfileFieldsService) {}

  async fetch(caller: ChatCaller, want: (type: string) => boolean) {
    return {
      ...(want('custom_profile_fields')
        ? {
            custom_profile_fields: await this.fields.list(caller),
            custom_profile_field_types: fieldTypesState(),
          }
        : {}),
      ...(want('realm') ? { realm_default_external_accounts: DEFAULT_EXTERNAL_ACCOUNTS } : {}),
    };
  }
}
