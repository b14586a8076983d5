import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ChatCaller } from '../auth/chat-caller.js';
import { ChatError } from '../request/chat.error.js';
import { pythonIsoformat } from '../request/python-isoformat.js';
import { avatarUrl, isAdministrator, userRow, type UserRowOptions } from './user.presenter.js';
import { type UserEntity, UserRole } from './user.entity.js';
import { UsersRepository } from './users.repository.js';

// The read side of users: GET /users, /users/me, /users/{id or email}.
@Injectable()
export class UserDirectory {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
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
    const user = await this.find(caller.realm.id, idOrEmail);
    if (!user) throw ChatError.badRequest('No such user');
    return { user: userRow(user, { ...options, systemBotId: caller.realm.notificationBotId }) };
  }

  async me({ user }: ChatCaller) {
    const [row] = (await this.dataSource.query(
      'SELECT max("message_id") AS "max" FROM "chat"."user_message" WHERE "user_id" = $1',
      [user.id],
    )) as Array<{ max: number | null }>;
    return {
      avatar_url: avatarUrl(user),
      avatar_version: 1,
      email: user.email,
      full_name: user.fullName,
      is_admin: isAdministrator(user),
      is_owner: user.role === UserRole.OWNER,
      is_billing_admin: false,
      role: user.role,
      is_guest: user.role === UserRole.GUEST,
      is_bot: user.botType !== null,
      is_active: user.isActive,
      timezone: user.timezone,
      date_joined: pythonIsoformat(user.dateJoined),
      max_message_id: row?.max ?? -1,
      user_id: user.id,
      delivery_email: user.email,
      profile_data: {},
    };
  }

  private find(realmId: number, idOrEmail: string): Promise<UserEntity | null> {
    if (/^[0-9]{1,9}$/.test(idOrEmail)) return this.users.findById(realmId, Number(idOrEmail));
    return this.users.findByEmail(realmId, idOrEmail);
  }
}
