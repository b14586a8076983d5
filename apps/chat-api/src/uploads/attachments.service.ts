import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { storedFormat, thumbnailPath } from '../markdown/thumbnail-formats.js';
import { announceAttachment } from './attachment-events.js';
import { attachmentRow } from './attachment.presenter.js';
import { AttachmentsRepository } from './attachments.repository.js';
import { ImageAttachmentsRepository } from './thumbnails/image-attachments.repository.js';
import { ownerOf } from './upload-file.use-case.js';
import { UPLOAD_STORE, type UploadStore } from './upload.store.js';
import { UploadsErrors } from './uploads.errors.js';

// The caller's own uploads (Zulip's zerver/views/attachments.py): listed with the messages that
// link them and the realm's space used; deleted by their owner only (the file and its thumbnails
// go too, and links to it stop working), with an `attachment` `remove` event.
@Injectable()
export class AttachmentsService {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    @Inject(UPLOAD_STORE) private readonly store: UploadStore,
    private readonly attachments: AttachmentsRepository,
    private readonly images: ImageAttachmentsRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async list(caller: ChatCaller) {
    const owned = await this.attachments.listOwned(caller.realm.id, caller.user.id);
    const linking = await this.attachments.messagesOf(owned.map((attachment) => attachment.id));
    return {
      attachments: owned.map((attachment) => attachmentRow(attachment, linking.get(attachment.id))),
      upload_space_used: await this.attachments.realmSpaceUsed(caller.realm.id),
    };
  }

  async remove(caller: ChatCaller, id: number): Promise<Record<string, never>> {
    const files = await this.outbox.run(async (tx) => {
      const attachment = await this.attachments.findOwned(tx, caller.realm.id, caller.user.id, id);
      if (!attachment) throw UploadsErrors.invalidAttachment();
      await this.attachments.remove(tx, attachment.id);
      const image = await this.images.removeByPathId(tx, attachment.pathId);
      await announceAttachment(tx, this.attachments, ownerOf(caller), 'remove', { id: attachment.id });
      const thumbnails = (image?.thumbnailMetadata ?? []).map((stored) =>
        thumbnailPath(attachment.pathId, storedFormat(stored)),
      );
      return [attachment.pathId, ...thumbnails];
    });
    // After the commit: a file whose row is gone is unreachable, so a failed removal only
    // leaves an orphan on disk (logged), never a row without its file.
    for (const pathId of files)
      await this.store
        .remove(pathId)
        .catch((error: unknown) => this.logger.warn({ err: error, pathId }, 'upload file not removed'));
    return {};
  }
}
