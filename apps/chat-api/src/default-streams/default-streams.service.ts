import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { type ChatTransaction, publishChatEvent } from '../core/events/chat-event.publisher.js';
import { ChatError } from '../core/http/chat.error.js';
import { UserRole } from '../core/accounts/user.entity.js';
import type { StreamEntity } from '../streams/stream.entity.js';
import { StreamsRepository } from '../streams/streams.repository.js';
import { DefaultStreamsRepository } from './default-streams.repository.js';

// POST and DELETE /default_streams (administrators, as Zulip's
// check_if_user_can_manage_default_streams) and the list clients read.
@Injectable()
export class DefaultStreamsService {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly defaults: DefaultStreamsRepository,
    private readonly streams: StreamsRepository,
  ) {}

  // Guests are not told the realm's default channels (Zulip pretends there are none).
  async ids(caller: ChatCaller): Promise<number[]> {
    if (caller.user.role === UserRole.GUEST) return [];
    return this.defaults.streamIds(caller.realm.id);
  }

  // Zulip's add_default_stream: access_stream_by_id (content access: a private channel the
  // caller is not in does not exist for them), then the private refusal.
  async add(caller: ChatCaller, streamId: number): Promise<Record<string, never>> {
    const stream = await this.activeStream(caller, streamId);
    if (stream.inviteOnly) {
      const subscribed = (await this.streams.subscription(caller.user.id, stream.id))?.active === true;
      if (!subscribed) throw invalidChannel();
      throw ChatError.badRequest('Private channels cannot be made default.');
    }
    await this.outbox.run(async (tx) => {
      if (await this.defaults.add(tx, caller.realm.id, stream.id)) await this.announce(tx, caller.realm.id);
    });
    return {};
  }

  // Zulip's remove_default_stream reads the channel without content access: administrators
  // see every channel's metadata. The event is sent even when nothing changed, as Zulip's.
  async remove(caller: ChatCaller, streamId: number): Promise<Record<string, never>> {
    const stream = await this.activeStream(caller, streamId);
    await this.outbox.run((tx) => this.removeInTransaction(tx, stream));
    return {};
  }

  // Zulip's do_remove_default_stream, also run for every channel archived.
  async removeInTransaction(tx: ChatTransaction, stream: StreamEntity): Promise<void> {
    await this.defaults.remove(tx, stream.realmId, stream.id);
    await this.announce(tx, stream.realmId);
  }

  // Zulip's notify_default_streams: the ids, to every active member but guests.
  private async announce(tx: ChatTransaction, realmId: number): Promise<void> {
    await publishChatEvent(tx, {
      realmId,
      userIds: await this.defaults.audience(realmId, tx),
      event: { type: 'default_streams', default_streams: await this.defaults.streamIds(realmId, tx) },
    });
  }

  private async activeStream(caller: ChatCaller, streamId: number): Promise<StreamEntity> {
    const stream = await this.streams.findById(caller.realm.id, streamId);
    if (!stream || stream.isArchived) throw invalidChannel();
    return stream;
  }
}

function invalidChannel(): ChatError {
  return ChatError.badRequest('Invalid channel ID');
}
