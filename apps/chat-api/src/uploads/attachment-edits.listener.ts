import { Injectable } from '@nestjs/common';
import type { ChatTransaction } from '../core/events/chat-event.publisher.js';
import {
  type EditedMessage,
  ListensToMessageEdits,
  type MessageEditListener,
} from '../core/messages/message-edit-lifecycle.js';
import { AttachmentClaims } from './attachment-claims.js';

// An edited message's links to uploads follow its new content. (A class of its own: Nest links
// one discovery mark per class.)
@Injectable()
@ListensToMessageEdits()
export class AttachmentEditsListener implements MessageEditListener {
  constructor(private readonly claims: AttachmentClaims) {}

  contentEdited(tx: ChatTransaction, message: EditedMessage): Promise<void> {
    return this.claims.relink(tx, message, message.renderedContent);
  }
}
