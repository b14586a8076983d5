import { Injectable } from '@nestjs/common';
import type { UnitOfWork } from '@platform/database';
import { THUMBNAIL_ACCEPT_IMAGE_TYPES } from '../../markdown/thumbnail-formats.js';
import { ImageAttachmentsRepository } from './image-attachments.repository.js';
import { type ImageHeader, ImageReader } from './image-reader.js';
import { ThumbnailWorker } from './thumbnail.worker.js';

export interface StoredUpload {
  readonly realmId: number;
  readonly pathId: string;
  readonly contentType: string;
  readonly data: Buffer;
}

// Which stored uploads are images to preview (Zulip's maybe_thumbnail), for an upload and for a
// realm import alike: a file of an image type whose header reads as an image within the pixel
// bounds is recorded in the caller's unit, and the thumbnail worker is woken once that unit has
// committed. Zulip's importer likewise thumbnails imported images itself rather than trust an
// archive's image rows (its exports carry none).
@Injectable()
export class ImageUploads {
  constructor(
    private readonly images: ImageAttachmentsRepository,
    private readonly reader: ImageReader,
    private readonly worker: ThumbnailWorker,
  ) {}

  // The header of an upload to preview, read before the unit opens (decoding holds no lock).
  async inspect(contentType: string, data: Buffer): Promise<ImageHeader | undefined> {
    return THUMBNAIL_ACCEPT_IMAGE_TYPES.has(contentType) ? this.reader.header(data) : undefined;
  }

  async record(unit: UnitOfWork, upload: Omit<StoredUpload, 'data'>, header: ImageHeader): Promise<void> {
    await this.images.insert(unit, {
      realmId: upload.realmId,
      pathId: upload.pathId,
      originalWidthPx: header.width,
      originalHeightPx: header.height,
      frames: header.frames,
      contentType: upload.contentType,
    });
  }

  // After the commit: this replica makes the thumbnails now rather than at its next sweep.
  thumbnailRecorded(): void {
    this.worker.wake();
  }
}
