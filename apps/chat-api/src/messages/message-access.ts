import { Injectable } from '@nestjs/common';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { historyAccess } from '../streams/stream-access.js';
import { StreamsRepository } from '../streams/streams.repository.js';
import { HISTORICAL_FLAGS } from './message-filter.js';
import type { MessageEntity } from './message.entity.js';
import { MessagesRepository } from './messages.repository.js';

// Zulip's access_message: a message the caller received (their copy's flags), or one of a
// channel whose whole history they may read (read and historical); null for anything else.
@Injectable()
export class MessageAccess {
  constructor(
    private readonly messages: MessagesRepository,
    private readonly streams: StreamsRepository,
  ) {}

  async flagsOf(caller: ChatCaller, message: MessageEntity): Promise<number | null> {
    const flags = await this.messages.copyFlags(caller.user.id, message.id);
    if (flags !== null) return flags;
    if (message.streamId === null) return null;
    const stream = await this.streams.findById(caller.realm.id, message.streamId);
    const subscription = stream ? await this.streams.subscription(caller.user.id, stream.id) : null;
    return stream && historyAccess(caller.user, stream, subscription?.active === true) === 'all'
      ? HISTORICAL_FLAGS
      : null;
  }
}
