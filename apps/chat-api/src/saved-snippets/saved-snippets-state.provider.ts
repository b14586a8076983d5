import type { ChatCaller } from '../core/http/chat-caller.js';
import { type RegisterStateProvider, RegisterState } from '../core/events/register-state.js';
import { SavedSnippetsService } from './saved-snippets.service.js';

// `saved_snippets` in POST /register.
@RegisterState()
export class SavedSnippetsStateProvider implements RegisterStateProvider {
  constructor(private readonly snippets: SavedSnippetsService) {}

  async fetch(caller: ChatCaller, want: (type: string) => boolean) {
    return want('saved_snippets') ? this.snippets.list(caller) : {};
  }
}
