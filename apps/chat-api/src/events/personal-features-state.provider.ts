import { type RegisterStateProvider, RegisterState } from '../core/events/register-state.js';

// Personal features this server does not have, in the shapes Zulip gives a user without them:
// no synced drafts.
@RegisterState()
export class PersonalFeaturesStateProvider implements RegisterStateProvider {
  fetch(_caller: unknown, want: (type: string) => boolean) {
    const state: Record<string, unknown> = {};
    if (want('drafts')) state['drafts'] = [];
    return Promise.resolve(state);
  }
}
