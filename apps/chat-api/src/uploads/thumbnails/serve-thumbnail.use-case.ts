import { Inject, Injectable } from '@nestjs/common';
import type { ChatCaller } from '../../core/http/chat-caller.js';
import {
  thumbnailContentType,
  thumbnailFormatName,
  thumbnailPath,
} from '../../markdown/thumbnail-formats.js';
import { AttachmentAccessQuery } from '../attachment-access.query.js';
import type { UploadOpening } from '../serve-upload.use-case.js';
import { UPLOAD_STORE, type UploadStore } from '../upload.store.js';
import { ImageAttachmentsRepository } from './image-attachments.repository.js';
import { ImageThumbnailer } from './image-thumbnailer.js';
import { chooseThumbnail } from './thumbnail-choice.js';

// An upload the caller may see, but with no such thumbnail: not an image the server read, a
// name that is no format, or nothing made to stand in for it.
export type ThumbnailOpening = UploadOpening | { readonly kind: 'no-thumbnail' };

const NO_THUMBNAIL: ThumbnailOpening = { kind: 'no-thumbnail' };

// GET /user_uploads/thumbnail/{path_id}/{format} (Zulip's serve_file with a thumbnail format):
// the original's access rules first, then the thumbnail chosen for the format, made on the spot
// when it is a current format the worker has not reached yet.
@Injectable()
export class ServeThumbnailUseCase {
  constructor(
    @Inject(UPLOAD_STORE) private readonly store: UploadStore,
    private readonly access: AttachmentAccessQuery,
    private readonly images: ImageAttachmentsRepository,
    private readonly thumbnailer: ImageThumbnailer,
  ) {}

  async open(caller: ChatCaller, pathId: string, formatName: string): Promise<ThumbnailOpening> {
    const attachment = await this.access.find(caller.user, pathId);
    if (!attachment) return { kind: 'missing' };
    if (!attachment.allowed) return { kind: 'forbidden' };
    const image = await this.images.findByPathId(pathId);
    if (!image) return NO_THUMBNAIL;
    const choice = chooseThumbnail(formatName, image);
    if (choice.kind === 'none') return NO_THUMBNAIL;
    if (choice.kind === 'make-first') await this.thumbnailer.ensure(image.id);
    const contentType = thumbnailContentType(choice.format);
    const data = contentType && (await this.store.read(thumbnailPath(pathId, choice.format)));
    if (!contentType || !data) return NO_THUMBNAIL;
    return { kind: 'file', data, contentType, fileName: thumbnailFormatName(choice.format) };
  }
}
