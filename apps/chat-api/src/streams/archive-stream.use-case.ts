import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { publishChatEvent } from '../core/events/chat-event.publisher.js';
import { ChatError } from '../core/http/chat.error.js';
import { administeredChannel } from './channel-administration.js';
import { ChannelLifecycle } from './channel-lifecycle.js';
import { UsersRepository } from '../users/users.repository.js';
import { StreamsRepository } from './streams.repository.js';

// DELETE /streams/{stream_id}: the channel is archived, its messages kept. As Zulip 11's
// access_stream_for_delete_or_update_requiring_metadata_access, administrators may, and whoever
// administers the channel: its can_administer_channel_group, by default its creator.
@Injectable()
export class ArchiveStreamUseCase {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly streams: StreamsRepository,
    private readonly users: UsersRepository,
    private readonly lifecycle: ChannelLifecycle,
  ) {}

  async execute(caller: ChatCaller, streamId: number): Promise<Record<string, never>> {
    const { stream } = await administeredChannel(this.streams, caller, streamId);
    if (stream.isArchived) throw ChatError.badRequest('Channel is already deactivated');
    await this.outbox.run(async (tx) => {
      await this.streams.archive(tx, caller.realm.id, stream.id);
      stream.isArchived = true;
      const audience = stream.inviteOnly
        ? await this.streams.subscriberIds(stream.id, tx)
        : await this.users.realmUserIds(caller.realm.id, tx);
      await publishChatEvent(tx, {
        realmId: caller.realm.id,
        userIds: audience,
        event: {
          type: 'stream',
          op: 'delete',
          // Zulip 11 keeps `streams` for compatibility, with the ids only.
          streams: [{ stream_id: stream.id }],
          stream_ids: [stream.id],
        },
      });
      await this.lifecycle.channelArchived(tx, stream);
    });
    return {};
  }
}
