import { Injectable } from '@nestjs/common';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ChatError } from '../core/http/chat.error.js';
import { MessageAccess } from './message-access.js';
import { MessageContextLoader } from './message-context.loader.js';
import { flagNames } from '../core/database/message-flags.js';
import { messageRow } from './message.presenter.js';
import { MessagesRepository } from './messages.repository.js';

// GET /messages/{message_id}: one message the caller received, or from a channel whose history
// they may read; anything else is "Invalid message(s)".
@Injectable()
export class GetMessageQuery {
  constructor(
    private readonly messages: MessagesRepository,
    private readonly access: MessageAccess,
    private readonly contexts: MessageContextLoader,
  ) {}

  async execute(
    caller: ChatCaller,
    messageId: number,
    options: { applyMarkdown: boolean; allowEmptyTopicName: boolean },
  ) {
    const message = await this.messages.findById(caller.realm.id, messageId);
    const flags = message ? await this.access.flagsOf(caller, message) : null;
    if (!message || flags === null) throw ChatError.badRequest('Invalid message(s)');
    const row = messageRow(message, (await this.contexts.load(caller.realm, [message]))(message), {
      ...options,
      clientGravatar: false,
    });
    return { raw_content: message.content, message: { ...row, flags: flagNames(flags) } };
  }
}
