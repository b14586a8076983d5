import { type RegisterStateProvider, RegisterState } from '../core/events/register-state.js';

// Realm features this server does not have, in the shapes Zulip gives a realm without them:
// `realm_emoji` (no custom emoji).
@RegisterState()
export class RealmFeaturesStateProvider implements RegisterStateProvider {
  fetch(_caller: unknown, want: (type: string) => boolean) {
    const state: Record<string, unknown> = {};
    if (want('realm_emoji')) state['realm_emoji'] = {};
    return Promise.resolve(state);
  }
}
