import { Injectable } from '@nestjs/common';
import { type ChatTransaction, publishChatEvent } from '../core/events/chat-event.publisher.js';
import type { UserEntity } from '../core/accounts/user.entity.js';
import { UsersRepository } from './users.repository.js';

type Person = { readonly user_id: number } & Readonly<Record<string, unknown>>;

// The `realm_user` and `realm_bot` update events of Zulip's account actions.
@Injectable()
export class RealmUserEvents {
  constructor(private readonly users: UsersRepository) {}

  // To the realm's active accounts (no realm here restricts who may see whom), or to `userIds`.
  async update(tx: ChatTransaction, realmId: number, person: Person, userIds?: readonly number[]) {
    await publishChatEvent(tx, {
      realmId,
      userIds: [...(userIds ?? (await this.users.realmUserIds(realmId, tx)))],
      event: { type: 'realm_user', op: 'update', person },
    });
  }

  // To the bot's owner and the realm's administrators (Zulip's bot_owner_user_ids).
  async updateBot(
    tx: ChatTransaction,
    bot: UserEntity,
    fields: Readonly<Record<string, unknown>>,
    userIds?: readonly number[],
  ) {
    await publishChatEvent(tx, {
      realmId: bot.realmId,
      userIds: [...(userIds ?? (await this.users.humanAdministratorIds(bot.realmId, bot.botOwnerId, tx)))],
      event: { type: 'realm_bot', op: 'update', bot: { user_id: bot.id, ...fields } },
    });
  }

  async publish(
    tx: ChatTransaction,
    realmId: number,
    userIds: readonly number[],
    event: Readonly<Record<string, unknown>>,
  ) {
    await publishChatEvent(tx, { realmId, userIds: [...userIds], event: { ...event } });
  }
}
