import type { ChatApiConfig } from '../core/chat-api.config.js';
import { LocalDiskUploadStore } from './local-disk-upload.store.js';
import { S3UploadStore } from './s3-upload.store.js';
import type { UploadStore } from './upload.store.js';

// The store CHAT_UPLOAD_S3_BUCKET names, else local disk under CHAT_UPLOAD_DIR.
export function configuredUploadStore(config: ChatApiConfig): UploadStore {
  if (!config.CHAT_UPLOAD_S3_BUCKET) return new LocalDiskUploadStore(config.CHAT_UPLOAD_DIR);
  const accessKeyId = config.CHAT_UPLOAD_S3_ACCESS_KEY_ID;
  const secretAccessKey = config.CHAT_UPLOAD_S3_SECRET_ACCESS_KEY;
  return new S3UploadStore({
    bucket: config.CHAT_UPLOAD_S3_BUCKET,
    region: config.CHAT_UPLOAD_S3_REGION,
    endpoint: config.CHAT_UPLOAD_S3_ENDPOINT,
    forcePathStyle: config.CHAT_UPLOAD_S3_PATH_STYLE,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  });
}
