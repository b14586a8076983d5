import { Injectable } from '@nestjs/common';
import type { RealmEntity } from '../core/accounts/realm.entity.js';
import type { UserEntity } from '../core/accounts/user.entity.js';
import type { ChatTransaction } from '../core/events/chat-event.publisher.js';
import { AttachmentAccessQuery } from './attachment-access.query.js';
import { announceAttachment } from './attachment-events.js';
import { attachmentRow } from './attachment.presenter.js';
import { AttachmentsRepository } from './attachments.repository.js';
import { linkedUploadPathIds } from './upload-links.js';

export interface LinkingMessage {
  readonly realm: RealmEntity;
  readonly sender: UserEntity;
  readonly id: number;
}

// Zulip's do_claim_attachments: a message that links uploads its sender may see records itself
// on each (so its readers may download them), and the sender hears an `attachment` `update`
// event per upload. A link to an unknown upload, or one the sender may not see, is left alone.
// An edit (check_attachment_reference_change) drops the links the new content no longer has
// and claims the new ones.
@Injectable()
export class AttachmentClaims {
  constructor(
    private readonly access: AttachmentAccessQuery,
    private readonly attachments: AttachmentsRepository,
  ) {}

  async claimLinks(tx: ChatTransaction, message: LinkingMessage, renderedContent: string): Promise<void> {
    for (const pathId of linkedUploadPathIds(renderedContent)) await this.claim(tx, message, pathId);
  }

  async relink(tx: ChatTransaction, message: LinkingMessage, renderedContent: string): Promise<void> {
    const linked = await this.attachments.linkedBy(tx, message.id);
    const wanted = linkedUploadPathIds(renderedContent);
    await this.attachments.unlink(
      tx,
      message.id,
      linked.filter((pathId) => !wanted.includes(pathId)),
    );
    for (const pathId of wanted) if (!linked.includes(pathId)) await this.claim(tx, message, pathId);
  }

  private async claim(tx: ChatTransaction, message: LinkingMessage, pathId: string): Promise<void> {
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
