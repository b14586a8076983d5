import { Injectable } from '@nestjs/common';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ProfileData } from '../custom-profile-fields/profile-data.service.js';
import type { UserEntity } from '../core/accounts/user.entity.js';
import { userRow, type UserRowOptions } from './user.presenter.js';
import { UserAccess } from './user-access.js';
import { UsersRepository } from './users.repository.js';

// The read side of users: GET /users, /users/me, /users/{id or email}.
@Injectable()
export class UserDirectory {
  constructor(
    private readonly users: UsersRepository,
    private readonly access: UserAccess,
    private readonly profileData: ProfileData,
  ) {}

  async members(caller: ChatCaller, options: UserRowOptions) {
    // Zulip lists the realm's own accounts; its system bots live in another realm (they are the
    // cross_realm_bots of POST /register).
    const users = (await this.users.listByRealm(caller.realm.id)).filter(
      (user) => user.id !== caller.realm.notificationBotId,
    );
    const rows = await this.withProfileData(caller.realm.id, users, options);
    return { members: users.map((user) => userRow(user, rows)) };
  }

  async one(caller: ChatCaller, idOrEmail: string, options: UserRowOptions) {
    const user = await this.access.bySegment(caller, idOrEmail, {
      allowDeactivated: true,
      allowBots: true,
      forAdmin: false,
    });
    const rows = await this.withProfileData(caller.realm.id, [user], options);
    return { user: userRow(user, { ...rows, systemBotId: caller.realm.notificationBotId }) };
  }

  // Zulip's get_profile_backend: the caller's own user row (real avatar URL, custom profile
  // fields for humans, bot fields for bots) and the id of the last message they received.
  async me({ user, realm }: ChatCaller) {
    const maxMessageId = await this.users.maxReceivedMessageId(user.id);
    return {
      ...userRow(user, {
        clientGravatar: false,
        includeCustomProfileFields: true,
        profileData: await this.profileData.valuesFor(realm.id, [user.id]),
        systemBotId: realm.notificationBotId,
      }),
      max_message_id: maxMessageId ?? -1,
    };
  }

  // The users' custom profile field values, read in one query when the rows show them.
  private async withProfileData(
    realmId: number,
    users: readonly UserEntity[],
    options: UserRowOptions,
  ): Promise<UserRowOptions> {
    if (!options.includeCustomProfileFields) return options;
    const ids = users.map((user) => user.id);
    return { ...options, profileData: await this.profileData.valuesFor(realmId, ids) };
  }
}
