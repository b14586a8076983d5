import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import { Clock } from '@shared/util';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ChatError } from '../core/http/chat.error.js';
import { type ChatTransaction, publishChatEvent } from '../core/events/chat-event.publisher.js';
import { deletionAudience } from '../messages/deletion-audience.js';
import { MessageAccess } from '../messages/message-access.js';
import type { MessageEntity } from '../messages/message.entity.js';
import { MessageRemovalRepository } from '../messages/message-removal.repository.js';
import { REALM_SETTINGS_DEFAULTS } from '../realms/realm-settings-defaults.js';
import type { StreamEntity } from '../streams/stream.entity.js';
import { StreamsRepository } from '../streams/streams.repository.js';
import { UserGroupAccess } from '../user-groups/user-group-access.js';
import { UsersRepository } from '../users/users.repository.js';
import { deleteRefusal } from './delete-permission.js';
import { MessageDeletionRepository } from './message-deletion.repository.js';

// DELETE /messages/{message_id} (Zulip 11's delete_message_backend and do_delete_messages): the
// message and every copy of it go in one transaction, so it leaves every narrow, topic list and
// unread count at once; the `delete_message` event (and, when it was a channel's first message,
// the channel's new first_message_id) is committed with it.
@Injectable()
export class DeleteMessageUseCase {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly access: MessageAccess,
    private readonly streams: StreamsRepository,
    private readonly users: UsersRepository,
    private readonly groups: UserGroupAccess,
    private readonly deletion: MessageDeletionRepository,
    private readonly removal: MessageRemovalRepository,
    private readonly clock: Clock,
  ) {}

  async execute(caller: ChatCaller, messageId: number): Promise<Record<string, never>> {
    const { message, channel } = await this.access.forModifying(caller, messageId);
    await this.checkPermission(caller, message);
    await this.outbox.run(async (tx) => {
      const holders = await this.removal.delete(tx, caller.realm.id, message.id);
      if (holders === null) throw ChatError.badRequest('Message already deleted');
      const subscribers = channel ? await this.streams.subscriberIds(channel.id, tx) : [];
      const userIds = deletionAudience(channel, holders, subscribers, caller.user.id);
      if (channel) await this.announceFirstMessage(tx, caller, channel, message.id, userIds);
      const where = channel
        ? { message_type: 'stream', stream_id: channel.id, topic: message.topicKey }
        : { message_type: 'private' };
      await publishChatEvent(tx, {
        realmId: caller.realm.id,
        userIds,
        event: { type: 'delete_message', message_ids: [message.id], ...where },
      });
    });
    return {};
  }

  private async checkPermission(caller: ChatCaller, message: MessageEntity): Promise<void> {
    const canDeleteAny = await this.groups.realmPermits(caller, 'can_delete_any_message_group');
    const sender =
      message.senderId === caller.user.id
        ? caller.user
        : await this.users.findById(caller.realm.id, message.senderId);
    const ownOrOwnBots =
      sender !== null && (sender.id === caller.user.id || sender.botOwnerId === caller.user.id);
    const refusal = deleteRefusal({
      canDeleteAny,
      ownOrOwnBots,
      canDeleteOwn: !canDeleteAny && (await this.groups.realmPermits(caller, 'can_delete_own_message_group')),
      ageSeconds: (this.clock.now().getTime() - message.dateSent.getTime()) / 1000,
      limitSeconds: REALM_SETTINGS_DEFAULTS.realm_message_content_delete_limit_seconds,
    });
    if (refusal !== null) throw ChatError.badRequest(refusal);
  }

  // check_update_first_message_id: when the channel's first message goes, its subscribers learn
  // the new one (null once the channel has no message left).
  private async announceFirstMessage(
    tx: ChatTransaction,
    caller: ChatCaller,
    channel: StreamEntity,
    deletedId: number,
    userIds: readonly number[],
  ): Promise<void> {
    const first = await this.deletion.firstMessageId(tx, channel.recipientId);
    if (first !== null && first < deletedId) return;
    await publishChatEvent(tx, {
      realmId: caller.realm.id,
      userIds: [...userIds],
      event: {
        type: 'stream',
        op: 'update',
        property: 'first_message_id',
        value: first,
        stream_id: channel.id,
        name: channel.name,
      },
    });
  }
}
