import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { ChatApiConfig } from '../core/chat-api.config.js';
import { AttachmentEntity } from './attachment.entity.js';
import { AttachmentMessageEntity } from './attachment-message.entity.js';
import { AttachmentAccessQuery } from './attachment-access.query.js';
import { AttachmentClaims } from './attachment-claims.js';
import { AttachmentClaimsListener } from './attachment-claims.listener.js';
import { AttachmentEditsListener } from './attachment-edits.listener.js';
import { AttachmentsController } from './attachments.controller.js';
import { AttachmentsService } from './attachments.service.js';
import { AttachmentsRepository } from './attachments.repository.js';
import { configuredUploadStore } from './configured-upload-store.js';
import { ServeUploadUseCase } from './serve-upload.use-case.js';
import { TemporaryUploadUrls } from './temporary-upload-urls.js';
import { UploadDownloadsController } from './upload-downloads.controller.js';
import { UploadFileUseCase } from './upload-file.use-case.js';
import { UploadLimits } from './upload-limits.js';
import { UPLOAD_STORE } from './upload.store.js';
import { UploadsController } from './uploads.controller.js';
import { UploadsStateProvider } from './uploads-state.provider.js';
import { ImageAttachmentEntity } from './thumbnails/image-attachment.entity.js';
import { ImageAttachmentsRepository } from './thumbnails/image-attachments.repository.js';
import { ImageReader } from './thumbnails/image-reader.js';
import { ImageUploads } from './thumbnails/image-uploads.js';
import { ImageThumbnailer } from './thumbnails/image-thumbnailer.js';
import { ServeThumbnailUseCase } from './thumbnails/serve-thumbnail.use-case.js';
import { ThumbnailMetrics } from './thumbnails/thumbnail.metrics.js';
import { ThumbnailWorker } from './thumbnails/thumbnail.worker.js';
import { uploadsMigrations } from './migrations/migrations.js';

@OwnsTables({
  entities: [AttachmentEntity, AttachmentMessageEntity, ImageAttachmentEntity],
  migrations: uploadsMigrations,
})
@Module({
  controllers: [UploadsController, UploadDownloadsController, AttachmentsController],
  providers: [
    AttachmentAccessQuery,
    AttachmentClaims,
    AttachmentClaimsListener,
    AttachmentEditsListener,
    AttachmentsRepository,
    AttachmentsService,
    ImageAttachmentsRepository,
    ImageReader,
    ImageThumbnailer,
    ImageUploads,
    ServeThumbnailUseCase,
    ThumbnailMetrics,
    ServeUploadUseCase,
    TemporaryUploadUrls,
    ThumbnailWorker,
    UploadFileUseCase,
    UploadLimits,
    UploadsStateProvider,
    { provide: UPLOAD_STORE, inject: [ChatApiConfig], useFactory: configuredUploadStore },
  ],
  exports: [UPLOAD_STORE, ImageUploads],
})
export class UploadsModule {}
