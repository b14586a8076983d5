import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { OnModuleDestroy } from '@nestjs/common';
import type { UploadStore } from './upload.store.js';

export interface S3UploadStoreOptions {
  readonly bucket: string;
  readonly region: string;
  // An S3-compatible service's address (MinIO, Ceph, …); unset: AWS itself.
  readonly endpoint?: string;
  // `https://host/bucket/key` rather than `https://bucket.host/key`, as most S3-compatible
  // services want.
  readonly forcePathStyle: boolean;
  // Unset: the SDK's own chain (AWS_* variables, a web identity, the instance role).
  readonly credentials?: { readonly accessKeyId: string; readonly secretAccessKey: string };
}

// Files in one bucket of an S3-compatible object store (Zulip's S3UploadBackend, for its
// authenticated-uploads bucket), one object per path id: every replica sees the same files
// without a shared volume. Objects stay private; chat-api reads them and serves them under its
// own access rules.
export class S3UploadStore implements UploadStore, OnModuleDestroy {
  private readonly client: S3Client;

  constructor(private readonly options: S3UploadStoreOptions) {
    const config: S3ClientConfig = {
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.credentials ? { credentials: { ...options.credentials } } : {}),
    };
    this.client = new S3Client(config);
  }

  async save(pathId: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: pathId,
        Body: data,
        ContentType: contentType || 'application/octet-stream',
        // A path id is never reused: an existing object means a collision, not an update.
        IfNoneMatch: '*',
      }),
    );
  }

  async read(pathId: string): Promise<Buffer | undefined> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: pathId }),
      );
      if (!object.Body) return undefined;
      return Buffer.from(await object.Body.transformToByteArray());
    } catch (error) {
      if (error instanceof NoSuchKey) return undefined;
      throw error;
    }
  }

  // S3 answers a missing key's deletion with success too.
  async remove(pathId: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: pathId }));
  }

  // Nest calls it on shutdown (the store is a provider): the client's pooled sockets close.
  onModuleDestroy(): void {
    this.client.destroy();
  }
}
