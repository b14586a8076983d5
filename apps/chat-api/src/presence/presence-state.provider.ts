import type { ChatCaller } from '../core/http/chat-caller.js';
import {
  type RegisterContext,
  type RegisterStateProvider,
  RegisterState,
} from '../core/events/register-state.js';
import { PresenceReader } from './presence-reader.js';

// `presences`, `presence_last_update_id` and `server_timestamp` in POST /register: the modern
// format for clients that asked for slim presence or declared simplified_presence_events, the
// legacy one (keyed by email) otherwise.
@RegisterState()
export class PresenceStateProvider implements RegisterStateProvider {
  constructor(private readonly reader: PresenceReader) {}

  async fetch(caller: ChatCaller, want: (type: string) => boolean, context: RegisterContext) {
    if (!want('presence')) return {};
    const { presences, presence_last_update_id, server_timestamp } = await this.reader.realm(
      caller.realm.id,
      {
        modern: context.presence.modern,
        lastUpdateId: null,
        historyLimitDays: context.presence.historyLimitDays,
      },
    );
    return { presences, presence_last_update_id, server_timestamp };
  }
}
