import type { ChatCaller } from '../core/http/chat-caller.js';
import { type RegisterStateProvider, RegisterState } from '../core/events/register-state.js';
import { RealmEmojiService } from './realm-emoji.service.js';

// `realm_emoji` in POST /register: the realm's whole set, as GET /realm/emoji answers it.
@RegisterState()
export class RealmEmojiStateProvider implements RegisterStateProvider {
  constructor(private readonly realmEmoji: RealmEmojiService) {}

  async fetch(caller: ChatCaller, want: (type: string) => boolean) {
    if (!want('realm_emoji')) return {};
    return { realm_emoji: await this.realmEmoji.list(caller.realm.id) };
  }
}
