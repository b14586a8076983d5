import type { ChatCaller } from '../core/http/chat-caller.js';
import { type RegisterStateProvider, RegisterState } from '../core/events/register-state.js';
import { mutedUserRows } from './muted-user.presenter.js';
import { MutedUsersRepository } from './muted-users.repository.js';

// `muted_users` in POST /register.
@RegisterState()
export class MutedUsersStateProvider implements RegisterStateProvider {
  constructor(private readonly mutes: MutedUsersRepository) {}

  async fetch(caller: ChatCaller, want: (type: string) => boolean) {
    if (!want('muted_users')) return {};
    return { muted_users: mutedUserRows(await this.mutes.list(caller.realm.id, caller.user.id)) };
  }
}
