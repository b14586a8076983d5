import type { ChatCaller } from '../core/http/chat-caller.js';
import {
  type RegisterContext,
  type RegisterStateProvider,
  RegisterState,
} from '../core/events/register-state.js';
import {
  AVAILABLE_NOTIFICATION_SOUNDS,
  EMOJISET_CHOICES,
  LEGACY_DISPLAY_SETTINGS,
  LEGACY_NOTIFICATION_SETTINGS,
  USER_SETTINGS,
} from './user-settings-defaults.js';
import { UserExportConsentsRepository } from './user-export-consents.repository.js';

// `user_settings` in POST /register, and the legacy top-level copies (update_display_settings,
// update_global_notifications) Zulip still sends clients without user_settings_object.
@RegisterState()
export class UserSettingsStateProvider implements RegisterStateProvider {
  constructor(private readonly consents: UserExportConsentsRepository) {}

  async fetch({ user }: ChatCaller, want: (type: string) => boolean, context: RegisterContext) {
    const state: Record<string, unknown> = {};
    const timezone = user.timezone;
    if (want('update_display_settings') && !context.userSettingsObject) {
      Object.assign(state, LEGACY_DISPLAY_SETTINGS, { emojiset_choices: EMOJISET_CHOICES, timezone });
    }
    if (want('update_global_notifications') && !context.userSettingsObject) {
      Object.assign(state, LEGACY_NOTIFICATION_SETTINGS, {
        available_notification_sounds: AVAILABLE_NOTIFICATION_SOUNDS,
      });
    }
    if (want('user_settings')) {
      state['user_settings'] = {
        ...USER_SETTINGS,
        allow_private_data_export: await this.consents.allows(user.realmId, user.id),
        emojiset_choices: EMOJISET_CHOICES,
        timezone,
        available_notification_sounds: AVAILABLE_NOTIFICATION_SOUNDS,
      };
    }
    return state;
  }
}
