import { Injectable } from '@nestjs/common';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ApiKeyVault } from '../users/api-key-vault.js';
import { avatarUrl } from '../users/user.presenter.js';
import { UsersRepository } from '../users/users.repository.js';

// GET /bots, as Zulip's get_bots_backend: the caller's own active bots (administrators too see
// only theirs; POST /register's realm_bots lists the realm's), oldest first, each with its API
// key. Bots here have no default channels.
@Injectable()
export class ListOwnBotsQuery {
  constructor(
    private readonly users: UsersRepository,
    private readonly vault: ApiKeyVault,
  ) {}

  async execute({ user, realm }: ChatCaller) {
    const bots = (await this.users.listByRealm(realm.id)).filter(
      (account) => account.botType !== null && account.isActive && account.botOwnerId === user.id,
    );
    return {
      bots: bots.map((bot) => ({
        username: bot.email,
        full_name: bot.fullName,
        api_key: this.vault.unseal(bot.apiKeySealed),
        avatar_url: avatarUrl(bot),
        default_sending_stream: null,
        default_events_register_stream: null,
        default_all_public_streams: false,
      })),
    };
  }
}
