import { Injectable } from '@nestjs/common';
import { type ChatTransaction, publishChatEvent } from '../core/events/chat-event.publisher.js';
import { UsersRepository } from '../users/users.repository.js';

// Zulip sends every `user_group` event to all active accounts of the realm.
@Injectable()
export class UserGroupEvents {
  constructor(private readonly users: UsersRepository) {}

  async announce(tx: ChatTransaction, realmId: number, event: Record<string, unknown>): Promise<void> {
    const userIds = await this.users.realmUserIds(realmId, tx);
    await publishChatEvent(tx, { realmId, userIds, event });
  }

  update(
    tx: ChatTransaction,
    realmId: number,
    groupId: number,
    data: Record<string, unknown>,
  ): Promise<void> {
    return this.announce(tx, realmId, { type: 'user_group', op: 'update', group_id: groupId, data });
  }

  members(
    tx: ChatTransaction,
    realmId: number,
    op: 'add_members' | 'remove_members',
    groupId: number,
    userIds: readonly number[],
  ): Promise<void> {
    return this.announce(tx, realmId, { type: 'user_group', op, group_id: groupId, user_ids: userIds });
  }

  subgroups(
    tx: ChatTransaction,
    realmId: number,
    op: 'add_subgroups' | 'remove_subgroups',
    groupId: number,
    subgroupIds: readonly number[],
  ): Promise<void> {
    return this.announce(tx, realmId, {
      type: 'user_group',
      op,
      group_id: groupId,
      direct_subgroup_ids: subgroupIds,
    });
  }
}
