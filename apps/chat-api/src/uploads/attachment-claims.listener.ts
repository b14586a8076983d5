import { Injectable } from '@nestjs/common';
import type { ChatTransaction } from '../core/events/chat-event.publisher.js';
import {
  ListensToMessageSends,
  type MessageSendListener,
  type SentMessage,
} from '../core/messages/message-send-lifecycle.js';
import { AttachmentAccessQuery } from './attachment-access.query.js';
import { announceAttachment } from './attachment-events.js';
import { attachmentRow } from './attachment.presenter.js';
import { AttachmentsRepository } from './attachments.repository.js';
import { linkedUploadPathIds } from './upload-links.js';

// Zulip's do_claim_attachments: a sent message that links uploads its sender may see records
// itself on each (so its readers may download them), and the sender hears an `attachment`
// `update` event per upload. A link to an unknown upload, or one the sender may not see, is
// left alone.
@Injectable()
@ListensToMessageSends()
export class AttachmentClaimsListener implements MessageSendListener {
  constructor(
    private readonly access: AttachmentAccessQuery,
    private readonly attachments: AttachmentsRepository,
  ) {}

  async messagesSent(tx: ChatTransaction, messages: readonly SentMessage[]): Promise<void> {
    for (const message of messages) {
      const html = String(message.markdownRow()['rendered_content'] ?? '');
      for (const pathId of linkedUploadPathIds(html)) await this.claim(tx, message, pathId);
    }
  }

  private async claim(tx: ChatTransaction, message: SentMessage, pathId: string): Promise<void> {
    const attachment = await this.access.find(message.sender, pathId, tx);
    if (!attachment?.allowed) return;
    await this.attachments.link(tx, message.realm.id, attachment.id, message.id);
    const row = await this.attachments.findById(tx, attachment.id);
    if (!row) return;
    const linking = (await this.attachments.messagesOf([row.id], tx)).get(row.id) ?? [];
    await announceAttachment(
      tx,
      this.attachments,
      { realmId: message.realm.id, userId: message.sender.id },
      'update',
      attachmentRow(row, linking),
    );
  }
}
