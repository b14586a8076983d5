import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ChatCaller } from '../auth/chat-caller.js';
import { ChatError } from '../request/chat.error.js';
import { historyAccess } from '../streams/stream-access.js';
import { StreamsRepository } from '../streams/streams.repository.js';
import { MessageContextLoader } from './message-context.loader.js';
import { HISTORICAL_FLAGS } from './message-filter.js';
import { flagNames } from './message-flags.js';
import { messageRow } from './message.presenter.js';
import { MessagesRepository } from './messages.repository.js';

// GET /messages/{message_id}: one message the caller received, or from a channel whose history
// they may read; anything else is "Invalid message(s)".
@Injectable()
export class GetMessageQuery {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly messages: MessagesRepository,
    private readonly streams: StreamsRepository,
    private readonly contexts: MessageContextLoader,
  ) {}

  async execute(
    caller: ChatCaller,
    messageId: number,
    options: { applyMarkdown: boolean; allowEmptyTopicName: boolean },
  ) {
    const message = await this.messages.findById(caller.realm.id, messageId);
    const flags = message ? await this.flagsOf(caller, messageId, message.streamId) : null;
    if (!message || flags === null) throw ChatError.badRequest('Invalid message(s)');
    const row = messageRow(message, (await this.contexts.load(caller.realm, [message]))(message), {
      ...options,
      clientGravatar: false,
    });
    return { raw_content: message.content, message: { ...row, flags: flagNames(flags) } };
  }

  private async flagsOf(
    caller: ChatCaller,
    messageId: number,
    streamId: number | null,
  ): Promise<number | null> {
    const [copy] = (await this.dataSource.query(
      'SELECT "flags" FROM "chat"."user_message" WHERE "user_id" = $1 AND "message_id" = $2',
      [caller.user.id, messageId],
    )) as Array<{ flags: number }>;
    if (copy) return copy.flags;
    if (streamId === null) return null;
    const stream = await this.streams.findById(caller.realm.id, streamId);
    const subscription = stream ? await this.streams.subscription(caller.user.id, stream.id) : null;
    return stream && historyAccess(caller.user, stream, subscription?.active === true) === 'all'
      ? HISTORICAL_FLAGS
      : null;
  }
}
