import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { publishChatEvent } from '../core/events/chat-event.publisher.js';
import { ChatError } from '../core/http/chat.error.js';
import { accessChannelById } from '../streams/channel-access.js';
import { StreamsRepository } from '../streams/streams.repository.js';
import { flagChange } from './flag-rules.js';
import { flagsEvent } from './flags-event.js';
import { MarkReadRepository } from './mark-read.repository.js';

// POST /mark_stream_as_read and /mark_topic_as_read (Zulip's do_mark_stream_messages_as_read):
// the caller's unread copies in a channel they read, or in one of its topics (any case), become
// read; the ids that changed are announced, nothing when none did.
@Injectable()
export class MarkConversationAsReadUseCase {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly streams: StreamsRepository,
    private readonly marks: MarkReadRepository,
  ) {}

  // An empty topic name marks the whole channel, as Zulip's `if topic_name:` does.
  async execute(caller: ChatCaller, streamId: number, topic: string | null): Promise<object> {
    const { stream } = await accessChannelById(this.streams, caller, streamId, 'content');
    return this.outbox.run(async (tx) => {
      if (topic && !(await this.marks.holdsTopic(tx, caller.user.id, stream.recipientId, topic)))
        throw ChatError.badRequest(`No such topic '${topic}'`);
      const ids = await this.marks.markConversationRead(
        tx,
        caller.user.id,
        stream.recipientId,
        topic || null,
      );
      if (ids.length > 0) await publishChatEvent(tx, flagsEvent(caller, flagChange('read', 'add'), ids));
      return {};
    });
  }
}
