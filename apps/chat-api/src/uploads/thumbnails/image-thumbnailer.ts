import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import { Clock } from '@shared/util';
import { type ChatTransaction, publishChatEvent } from '../../core/events/chat-event.publisher.js';
import { unixSeconds } from '../../core/http/python-isoformat.js';
import { missingThumbnails, type StoredThumbnail, thumbnailPath } from '../../markdown/thumbnail-formats.js';
import { rewriteUploadPreviews, type UploadPreview, uploadPreviewOf } from '../../markdown/upload-preview.js';
import { UPLOAD_STORE, type UploadStore } from '../upload.store.js';
import type { ImageAttachmentEntity } from './image-attachment.entity.js';
import { ImageAttachmentsRepository } from './image-attachments.repository.js';
import { ImageReader } from './image-reader.js';

// Zulip's ensure_thumbnails (zerver/worker/thumbnail.py), for the worker and for a download of a
// thumbnail not made yet: under the image's row lock, the formats still missing are made and
// stored, recorded, and every message linking the upload has its loading placeholder replaced
// by the thumbnail, announced as a rendering-only `update_message`. An image that cannot be
// thumbnailed at all loses its row and its previews (the messages keep the link).
@Injectable()
export class ImageThumbnailer {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    @Inject(UPLOAD_STORE) private readonly store: UploadStore,
    private readonly images: ImageAttachmentsRepository,
    private readonly reader: ImageReader,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  ensure(id: number): Promise<void> {
    return this.outbox.run(async (tx) => {
      const image = await this.images.lock(tx, id);
      if (!image || missingThumbnails(image).length === 0) return;
      const made = await this.make(image);
      if (made === undefined) return this.forget(tx, image);
      const thumbnails = [...image.thumbnailMetadata, ...made];
      await this.images.saveThumbnails(tx, image.id, thumbnails);
      await this.showInMessages(
        tx,
        image,
        uploadPreviewOf(image.pathId, { ...image, thumbnailMetadata: thumbnails }),
      );
    });
  }

  // An image whose thumbnailing kept dying with its worker is treated as one that cannot be read.
  giveUp(id: number): Promise<void> {
    return this.outbox.run(async (tx) => {
      const image = await this.images.lock(tx, id);
      if (image && image.thumbnailMetadata.length === 0) await this.forget(tx, image);
    });
  }

  // The missing thumbnails, stored; undefined when the original does not decode (or is gone).
  // Failing to store one is not the image's fault: it throws, and the claim is taken again.
  private async make(image: ImageAttachmentEntity): Promise<StoredThumbnail[] | undefined> {
    const original = await this.store.read(image.pathId);
    if (!original) return undefined;
    const made: StoredThumbnail[] = [];
    for (const format of missingThumbnails(image)) {
      let thumbnail: Awaited<ReturnType<ImageReader['thumbnail']>>;
      try {
        thumbnail = await this.reader.thumbnail(original, image, format);
      } catch (error) {
        this.logger.error(
          { err: error, pathId: image.pathId, contentType: image.contentType },
          'thumbnailing failed',
        );
        // Zulip keeps what one format made when another fails; with nothing made, the image is bad.
        return made.length === 0 && image.thumbnailMetadata.length === 0 ? undefined : made;
      }
      const path = thumbnailPath(image.pathId, format);
      // A run cut short after storing it left this file: a path id is never reused otherwise.
      await this.store.remove(path);
      await this.store.save(path, thumbnail.data, thumbnail.stored.content_type);
      made.push(thumbnail.stored);
    }
    return made;
  }

  private async forget(tx: ChatTransaction, image: ImageAttachmentEntity): Promise<void> {
    await this.images.removeByPathId(tx, image.pathId);
    await this.showInMessages(tx, image, null);
  }

  // Zulip's update_message_rendered_content and do_update_embedded_data.
  private async showInMessages(
    tx: ChatTransaction,
    image: ImageAttachmentEntity,
    preview: UploadPreview | null,
  ): Promise<void> {
    for (const message of await this.images.previewingMessages(tx, image.realmId, image.pathId)) {
      const rendered = rewriteUploadPreviews(message.renderedContent, image.pathId, preview);
      if (rendered === undefined) continue;
      await this.images.saveRendering(tx, message.id, rendered);
      await publishChatEvent(tx, {
        realmId: image.realmId,
        userIds: message.audience,
        event: {
          type: 'update_message',
          user_id: null,
          edit_timestamp: unixSeconds(this.clock.now()),
          message_id: message.id,
          message_ids: [message.id],
          content: message.content,
          rendered_content: rendered,
          rendering_only: true,
        },
      });
    }
  }
}
