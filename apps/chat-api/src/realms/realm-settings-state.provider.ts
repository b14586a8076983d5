import { ChatApiConfig } from '../core/chat-api.config.js';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { pushServiceOf } from '../core/push-service.js';
import { botDomain } from './bot-domain.js';
import { type RegisterStateProvider, RegisterState } from '../core/events/register-state.js';
import { REALM_SETTINGS_DEFAULTS } from './realm-settings-defaults.js';

// The `realm_*` settings of the `realm` state beside RealmStateProvider's limits and names: what
// this server knows of the realm (creation time, bot domain, whether it has a push service),
// Zulip's defaults for the rest.
@RegisterState()
export class RealmSettingsStateProvider implements RegisterStateProvider {
  constructor(private readonly config: ChatApiConfig) {}

  fetch({ realm }: ChatCaller, want: (type: string) => boolean) {
    if (!want('realm')) return Promise.resolve({});
    return Promise.resolve({
      ...REALM_SETTINGS_DEFAULTS,
      // Seconds, as Zulip's datetime_to_timestamp.
      realm_date_created: Math.floor(realm.createdAt.getTime() / 1000),
      realm_bot_domain: botDomain(realm.url),
      realm_push_notifications_enabled: pushServiceOf(this.config) !== null,
    });
  }
}
