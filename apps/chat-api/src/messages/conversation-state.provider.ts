import type { ChatCaller } from '../core/http/chat-caller.js';
import { type RegisterStateProvider, RegisterState } from '../core/events/register-state.js';
import { MessageStateQuery } from './message-state.query.js';

// `starred_messages` and `recent_private_conversations` in POST /register.
@RegisterState()
export class ConversationStateProvider implements RegisterStateProvider {
  constructor(private readonly messageState: MessageStateQuery) {}

  async fetch({ user }: ChatCaller, want: (type: string) => boolean) {
    const state: Record<string, unknown> = {};
    if (want('starred_messages')) {
      state['starred_messages'] = await this.messageState.starredMessageIds(user.id);
    }
    if (want('recent_private_conversations')) {
      const rows = await this.messageState.recentDirectConversations(user.id);
      // The other participants (none for messages to oneself), newest conversation first.
      state['recent_private_conversations'] = rows.map((row) => ({
        max_message_id: row.max,
        user_ids: row.user_ids.filter((id) => id !== user.id).sort((a, b) => a - b),
      }));
    }
    return state;
  }
}
