import type { ChatCaller } from '../core/http/chat-caller.js';
import {
  type RegisterContext,
  type RegisterStateProvider,
  RegisterState,
} from '../core/events/register-state.js';
import { mutedTopics, userTopicRow } from './user-topic.presenter.js';
import { UserTopicsRepository } from './user-topics.repository.js';

// register's `user_topics`, and the deprecated `muted_topics` only for clients that did not also
// ask for user_topic (asking for everything gets both), as Zulip's fetch_initial_state_data.
@RegisterState()
export class UserTopicsStateProvider implements RegisterStateProvider {
  constructor(private readonly userTopics: UserTopicsRepository) {}

  async fetch({ realm, user }: ChatCaller, want: (type: string) => boolean, context: RegisterContext) {
    const legacy = want('muted_topics') && (context.everyEventType || !want('user_topic'));
    if (!want('user_topic') && !legacy) return {};
    const rows = await this.userTopics.list(realm.id, user.id);
    return {
      ...(want('user_topic') ? { user_topics: rows.map(userTopicRow) } : {}),
      ...(legacy ? { muted_topics: mutedTopics(rows) } : {}),
    };
  }
}
