import { Injectable } from '@nestjs/common';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { userRow, type UserRowOptions } from './user.presenter.js';
import { UserAccess } from './user-access.js';
import { UsersRepository } from './users.repository.js';

// The read side of users: GET /users, /users/me, /users/{id or email}.
@Injectable()
export class UserDirectory {
  constructor(
    private readonly users: UsersRepository,
    private readonly access: UserAccess,
  ) {}

  async members(caller: ChatCaller, options: UserRowOptions) {
    // Zulip lists the realm's own accounts; its system bots live in another realm (they are the
    // cross_realm_bots of POST /register).
    const users = (await this.users.listByRealm(caller.realm.id)).filter(
      (user) => user.id !== caller.realm.notificationBotId,
    );
    return { members: users.map((user) => userRow(user, options)) };
  }

  async one(caller: ChatCaller, idOrEmail: string, options: UserRowOptions) {
    const user = await this.access.bySegment(caller, idOrEmail, {
      allowDeactivated: true,
      allowBots: true,
      forAdmin: false,
    });
    return { user: userRow(user, { ...options, systemBotId: caller.realm.notificationBotId }) };
  }

  // Zulip's get_profile_backend: the caller's own user row (real avatar URL, custom profile
  // fields for humans, bot fields for bots) and the id of the last message they received.
  async me({ user, realm }: ChatCaller) {
    const maxMessageId = await this.users.maxReceivedMessageId(user.id);
    return {
      ...userRow(user, {
        clientGravatar: false,
        includeCustomProfileFields: true,
        systemBotId: realm.notificationBotId,
      }),
      max_message_id: maxMessageId ?? -1,
    };
  }
}
