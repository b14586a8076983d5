import { describe, expect, it } from '@jest/globals';
import { ChatApiConfig } from '../core/chat-api.config.js';
import { configuredUploadStore } from './configured-upload-store.js';
import { LocalDiskUploadStore } from './local-disk-upload.store.js';
import { S3UploadStore } from './s3-upload.store.js';

describe(configuredUploadStore.name, () => {
  it('keeps files on local disk unless a bucket is configured', () => {
    expect(configuredUploadStore(new ChatApiConfig())).toBeInstanceOf(LocalDiskUploadStore);
  });

  it('uses the S3-compatible store when CHAT_UPLOAD_S3_BUCKET is set', () => {
    const config = Object.assign(new ChatApiConfig(), {
      CHAT_UPLOAD_S3_BUCKET: 'chat-uploads',
      CHAT_UPLOAD_S3_ENDPOINT: 'http://127.0.0.1:9000',
      CHAT_UPLOAD_S3_PATH_STYLE: true,
    });
    const store = configuredUploadStore(config);
    expect(store).toBeInstanceOf(S3UploadStore);
    (store as S3UploadStore).onModuleDestroy();
  });
});
