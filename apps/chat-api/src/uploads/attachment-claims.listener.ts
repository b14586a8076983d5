import { Injectable } from '@nestjs/common';
import type { ChatTransaction } from '../core/events/chat-event.publisher.js';
import {
  ListensToMessageSends,
  type MessageSendListener,
  type SentMessage,
} from '../core/messages/message-send-lifecycle.js';
import { AttachmentClaims } from './attachment-claims.js';

// Sent messages claim the uploads they link.
@Injectable()
@ListensToMessageSends()
export class AttachmentClaimsListener implements MessageSendListener {
  constructor(private readonly claims: AttachmentClaims) {}

  async messagesSent(tx: ChatTransaction, messages: readonly SentMessage[]): Promise<void> {
    for (const message of messages)
      await this.claims.claimLinks(tx, message, String(message.markdownRow()['rendered_content'] ?? ''));
  }
}
