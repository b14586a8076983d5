import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import { Clock } from '@shared/util';
import type { ChatCaller } from '../core/http/chat-caller.js';
import type { RequestFile } from '../core/http/request-params.js';
import { announceAttachment } from './attachment-events.js';
import { attachmentRow } from './attachment.presenter.js';
import { AttachmentsRepository } from './attachments.repository.js';
import { ImageUploads } from './thumbnails/image-uploads.js';
import { newUploadPathId } from './upload-path.js';
import { uploadContentType } from './upload-content-type.js';
import { UploadLimits } from './upload-limits.js';
import { UPLOAD_STORE, type UploadStore } from './upload.store.js';
import { UploadsErrors } from './uploads.errors.js';

// POST /user_uploads (Zulip's upload_file_backend): exactly one file, within the size limit and
// the realm's quota, stored under a fresh random path and recorded as the caller's attachment.
// Until a message links it, only its owner can download it. The owner's queues hear of it in an
// `attachment` `add` event with the realm's new space used. An upload of an image type whose
// header reads as an image within the pixel bounds is recorded as an image, for the thumbnail
// worker to make its thumbnails after the commit (Zulip's maybe_thumbnail).
@Injectable()
export class UploadFileUseCase {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    @Inject(UPLOAD_STORE) private readonly store: UploadStore,
    private readonly attachments: AttachmentsRepository,
    private readonly images: ImageUploads,
    private readonly limits: UploadLimits,
    private readonly clock: Clock,
  ) {}

  async execute(caller: ChatCaller, files: readonly RequestFile[]) {
    if (files.length === 0) throw UploadsErrors.noFile();
    if (files.length > 1) throw UploadsErrors.severalFiles();
    const [file] = files as [RequestFile];
    const size = file.data.length;
    if (this.limits.fileTooLarge(size)) throw UploadsErrors.tooLarge(this.limits.maxFileMib);
    if (this.limits.exceedsQuota(await this.attachments.realmSpaceUsed(caller.realm.id), size))
      throw UploadsErrors.quotaExceeded();

    const pathId = newUploadPathId(caller.realm.id, file.fileName);
    const contentType = uploadContentType(file.contentType, file.fileName);
    await this.store.save(pathId, file.data, contentType);
    const image = await this.images.inspect(contentType, file.data);
    await this.outbox.run(async (tx) => {
      const attachment = await this.attachments.insert(tx, {
        realmId: caller.realm.id,
        userId: caller.user.id,
        pathId,
        fileName: file.fileName,
        contentType,
        size: String(size),
        createTime: this.clock.now(),
      });
      if (image) await this.images.record(tx, { realmId: caller.realm.id, pathId, contentType }, image);
      await announceAttachment(tx, this.attachments, ownerOf(caller), 'add', attachmentRow(attachment));
    });
    if (image) this.images.thumbnailRecorded();
    const url = `/user_uploads/${pathId}`;
    return { uri: url, url, filename: file.fileName };
  }
}

export function ownerOf(caller: ChatCaller) {
  return { realmId: caller.realm.id, userId: caller.user.id };
}
