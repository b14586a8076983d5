import {
  type RegisterContext,
  type RegisterStateProvider,
  RegisterState,
} from '../core/events/register-state.js';

// Personal features this server does not have, in the shapes Zulip gives a user without them:
// no alert words, no synced drafts, no topic visibility policies.
@RegisterState()
export class PersonalFeaturesStateProvider implements RegisterStateProvider {
  fetch(_caller: unknown, want: (type: string) => boolean, context: RegisterContext) {
    const state: Record<string, unknown> = {};
    if (want('alert_words')) state['alert_words'] = [];
    if (want('drafts')) state['drafts'] = [];
    if (want('user_topic')) state['user_topics'] = [];
    // The deprecated muted_topics goes only to clients that did not also ask for user_topic
    // (asking for everything gets both).
    if (want('muted_topics') && (context.everyEventType || !want('user_topic'))) {
      state['muted_topics'] = [];
    }
    return Promise.resolve(state);
  }
}
