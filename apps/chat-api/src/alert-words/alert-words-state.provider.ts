import type { ChatCaller } from '../core/http/chat-caller.js';
import { type RegisterStateProvider, RegisterState } from '../core/events/register-state.js';
import { AlertWordsRepository } from './alert-words.repository.js';

// `alert_words` in POST /register.
@RegisterState()
export class AlertWordsStateProvider implements RegisterStateProvider {
  constructor(private readonly words: AlertWordsRepository) {}

  async fetch(caller: ChatCaller, want: (type: string) => boolean) {
    if (!want('alert_words')) return {};
    return { alert_words: await this.words.list(caller.realm.id, caller.user.id) };
  }
}
