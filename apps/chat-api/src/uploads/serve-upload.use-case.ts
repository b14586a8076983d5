import { Inject, Injectable } from '@nestjs/common';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { AttachmentAccessQuery } from './attachment-access.query.js';
import { AttachmentsRepository } from './attachments.repository.js';
import { fileNameOf, TemporaryUploadUrls } from './temporary-upload-urls.js';
import { UPLOAD_STORE, type UploadStore } from './upload.store.js';
import { UploadsErrors } from './uploads.errors.js';

export type UploadOpening =
  | { readonly kind: 'missing' }
  | { readonly kind: 'forbidden' }
  | { readonly kind: 'file'; readonly data: Buffer; readonly contentType: string; readonly fileName: string };

export type TemporaryUrlAnswer =
  Exclude<UploadOpening, { kind: 'file' }> | { readonly kind: 'url'; readonly url: string };

// Downloads of uploads (Zulip's serve_file): an unknown path is 404, a file the caller may not
// see 403, else its bytes, or (GET /api/v1/user_uploads/…) a URL valid 60 seconds without
// credentials.
@Injectable()
export class ServeUploadUseCase {
  constructor(
    @Inject(UPLOAD_STORE) private readonly store: UploadStore,
    private readonly access: AttachmentAccessQuery,
    private readonly attachments: AttachmentsRepository,
    private readonly temporaryUrls: TemporaryUploadUrls,
  ) {}

  async open(caller: ChatCaller, pathId: string): Promise<UploadOpening> {
    const attachment = await this.access.find(caller.user, pathId);
    if (!attachment) return { kind: 'missing' };
    if (!attachment.allowed) return { kind: 'forbidden' };
    return this.read(attachment.pathId, attachment.contentType);
  }

  async temporaryUrl(caller: ChatCaller, pathId: string): Promise<TemporaryUrlAnswer> {
    const attachment = await this.access.find(caller.user, pathId);
    if (!attachment) return { kind: 'missing' };
    if (!attachment.allowed) return { kind: 'forbidden' };
    return { kind: 'url', url: this.temporaryUrls.url(pathId) };
  }

  // A temporary URL's file, without credentials: its token vouches for the access it was made
  // with (Zulip's serve_local_file_unauthed and its refusals).
  async openTemporary(token: string, fileName: string): Promise<UploadOpening> {
    const pathId = this.temporaryUrls.pathIdOf(token);
    if (pathId === undefined) throw UploadsErrors.invalidToken();
    if (fileNameOf(pathId) !== fileName) throw UploadsErrors.invalidFileName();
    const contentType = await this.attachments.contentTypeOf(pathId);
    return contentType === undefined ? { kind: 'missing' } : this.read(pathId, contentType);
  }

  private async read(pathId: string, contentType: string): Promise<UploadOpening> {
    const data = await this.store.read(pathId);
    return data ? { kind: 'file', data, contentType, fileName: fileNameOf(pathId) } : { kind: 'missing' };
  }
}
