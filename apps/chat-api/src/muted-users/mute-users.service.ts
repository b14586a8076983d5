import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import { Clock } from '@shared/util';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { type ChatTransaction, publishChatEvent } from '../core/events/chat-event.publisher.js';
import { ChatError } from '../core/http/chat.error.js';
import type { UserEntity } from '../core/accounts/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import { mutedUserRows } from './muted-user.presenter.js';
import { MutedUsersRepository } from './muted-users.repository.js';

// Zulip's user muting: any account of the realm (bots and deactivated users included) but
// oneself. Muting marks what the muted user already sent as read for the muter; what they send
// later arrives read (send-message consults the mutes). The muter's queues get the new
// `muted_users` list, and an `update_message_flags` event for what muting marked read.
@Injectable()
export class MuteUsersService {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly users: UsersRepository,
    private readonly mutes: MutedUsersRepository,
    private readonly clock: Clock,
  ) {}

  async mute(caller: ChatCaller, mutedUserId: number): Promise<Record<string, never>> {
    if (mutedUserId === caller.user.id) throw ChatError.badRequest('Cannot mute self');
    const muted = await this.target(caller, mutedUserId);
    await this.outbox.run(async (tx) => {
      const added = await this.mutes.insert(tx, {
        userId: caller.user.id,
        mutedUserId: muted.id,
        realmId: caller.realm.id,
        dateMuted: this.clock.now(),
      });
      if (!added) throw ChatError.badRequest('User already muted');
      const read = await this.mutes.markSenderRead(tx, caller.user.id, muted.id);
      if (read.length > 0)
        await this.announce(tx, caller, {
          type: 'update_message_flags',
          op: 'add',
          operation: 'add',
          flag: 'read',
          messages: read,
          all: false,
        });
      await this.announceMutes(tx, caller);
    });
    return {};
  }

  async unmute(caller: ChatCaller, mutedUserId: number): Promise<Record<string, never>> {
    const muted = await this.target(caller, mutedUserId);
    await this.outbox.run(async (tx) => {
      const removed = await this.mutes.delete(tx, caller.realm.id, caller.user.id, muted.id);
      if (!removed) throw ChatError.badRequest('User is not muted');
      await this.announceMutes(tx, caller);
    });
    return {};
  }

  private async announceMutes(tx: ChatTransaction, caller: ChatCaller): Promise<void> {
    const mutes = await this.mutes.list(caller.realm.id, caller.user.id, tx);
    await this.announce(tx, caller, { type: 'muted_users', muted_users: mutedUserRows(mutes) });
  }

  private announce(tx: ChatTransaction, caller: ChatCaller, event: Record<string, unknown>): Promise<void> {
    return publishChatEvent(tx, { realmId: caller.realm.id, userIds: [caller.user.id], event });
  }

  private async target(caller: ChatCaller, userId: number): Promise<UserEntity> {
    const user = await this.users.findById(caller.realm.id, userId);
    if (!user) throw ChatError.badRequest('No such user');
    return user;
  }
}
