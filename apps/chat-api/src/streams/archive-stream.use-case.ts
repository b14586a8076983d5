import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import type { ChatCaller } from '../auth/chat-caller.js';
import { publishChatEvent } from '../events/chat-event.publisher.js';
import { StreamDirectory } from './stream-directory.js';
import { StreamsRepository } from './streams.repository.js';

// DELETE /streams/{stream_id} (administrators): the channel is archived, its messages kept.
@Injectable()
export class ArchiveStreamUseCase {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly streams: StreamsRepository,
    private readonly directory: StreamDirectory,
  ) {}

  async execute(caller: ChatCaller, streamId: number): Promise<Record<string, never>> {
    const stream = await this.directory.accessible(caller, streamId);
    await this.outbox.run(async (tx) => {
      await this.streams.archive(tx.manager, caller.realm.id, stream.id);
      stream.isArchived = true;
      const audience = stream.inviteOnly
        ? await this.streams.subscriberIds(stream.id, tx.manager)
        : await this.streams.realmUserIds(caller.realm.id, tx.manager);
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
    });
    return {};
  }
}
