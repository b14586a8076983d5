// Where uploaded files live, by path id (`{realm_id}/{xx}/{random}/{name}`, made by the server,
// never by a client). Local disk is the default; an S3-compatible store implements the same
// three calls.
export interface UploadStore {
  save(pathId: string, data: Buffer, contentType: string): Promise<void>;
  // The file's bytes, or undefined when the store has no such file.
  read(pathId: string): Promise<Buffer | undefined>;
  // Removing a file the store does not have is not an error.
  remove(pathId: string): Promise<void>;
}

export const UPLOAD_STORE = Symbol('UploadStore');
