import { Injectable } from '@nestjs/common';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ChatError } from '../core/http/chat.error.js';
import { unixSeconds } from '../core/http/python-isoformat.js';
import { EMPTY_TOPIC_DISPLAY_NAME } from '../core/server-facts.js';
import { MessageAccess } from '../messages/message-access.js';
import { MessagesRepository } from '../messages/messages.repository.js';
import { type HistoryVersion, messageHistory } from './edit-history.js';

// GET /messages/{message_id}/history (Zulip's get_message_edit_history): every version of a
// message the caller can access, oldest first. The realm shows edit history to everyone.
@Injectable()
export class MessageHistoryQuery {
  constructor(
    private readonly messages: MessagesRepository,
    private readonly access: MessageAccess,
  ) {}

  async execute(
    caller: ChatCaller,
    messageId: number,
    allowEmptyTopicName: boolean,
  ): Promise<{ message_history: HistoryVersion[] }> {
    const message = await this.messages.findById(caller.realm.id, messageId);
    if (!message || (await this.access.flagsOf(caller, message)) === null)
      throw ChatError.badRequest('Invalid message(s)');
    const versions = messageHistory({
      content: message.content,
      renderedContent: message.renderedContent,
      topic: message.topic,
      timestamp: unixSeconds(message.dateSent),
      senderId: message.senderId,
      editHistory: message.editHistory ?? [],
    });
    // A client that cannot show the empty topic gets the realm's name for it.
    const named = (topic: string) => (topic === '' ? EMPTY_TOPIC_DISPLAY_NAME : topic);
    const shown =
      allowEmptyTopicName || message.streamId === null
        ? versions
        : versions.map((version) => ({
            ...version,
            topic: named(version.topic),
            ...(version.prev_topic === undefined ? {} : { prev_topic: named(version.prev_topic) }),
          }));
    return { message_history: shown };
  }
}
