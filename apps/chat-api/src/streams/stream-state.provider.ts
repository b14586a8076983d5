import type { ChatCaller } from '../core/http/chat-caller.js';
import { StreamDirectory } from './stream-directory.js';
import {
  type RegisterOptions,
  type RegisterStateProvider,
  RegisterState,
} from '../core/events/register-state.js';

// `subscription` (the caller's channels) and `stream` (every channel they may see).
@RegisterState()
export class StreamStateProvider implements RegisterStateProvider {
  constructor(private readonly directory: StreamDirectory) {}

  async fetch(caller: ChatCaller, want: (type: string) => boolean, options: RegisterOptions) {
    const state: Record<string, unknown> = {};
    if (want('subscription')) {
      Object.assign(state, await this.directory.subscriptionState(caller, options.includeSubscribers));
    }
    if (want('stream')) {
      // Zulip's do_get_streams(include_all=True): every channel whose metadata the caller sees
      // (administrators see private channels they are not in).
      const { streams } = await this.directory.list(caller, {
        includePublic: true,
        includeSubscribed: true,
        includeAll: true,
        excludeArchived: true,
      });
      state['streams'] = streams;
    }
    return state;
  }
}
