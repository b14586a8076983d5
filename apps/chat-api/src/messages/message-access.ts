import { Injectable } from '@nestjs/common';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ChatError } from '../core/http/chat.error.js';
import { historyAccess } from '../streams/stream-access.js';
import type { StreamEntity } from '../streams/stream.entity.js';
import { StreamsRepository } from '../streams/streams.repository.js';
import { HISTORICAL_FLAGS } from './message-filter.js';
import type { MessageEntity } from './message.entity.js';
import { MessagesRepository } from './messages.repository.js';

export interface ModifiableMessage {
  readonly message: MessageEntity;
  readonly channel: StreamEntity | null;
}

const INVALID_MESSAGE = 'Invalid message(s)';

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

  // access_message(is_modifying_message=True), for an edit, a deletion or a reaction: a message
  // the caller can read, with its channel (null for a direct message); a missing or unreadable
  // message, or one of an archived channel (its messages stay as they are), is Invalid message(s).
  async forModifying(caller: ChatCaller, messageId: number): Promise<ModifiableMessage> {
    const message = await this.messages.findById(caller.realm.id, messageId);
    if (!message || (await this.flagsOf(caller, message)) === null)
      throw ChatError.badRequest(INVALID_MESSAGE);
    const channel =
      message.streamId === null ? null : await this.streams.findById(caller.realm.id, message.streamId);
    if (channel?.isArchived) throw ChatError.badRequest(INVALID_MESSAGE);
    return { message, channel };
  }
}
