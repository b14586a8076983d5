import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { UploadStore } from './upload.store.js';

// Files under one directory (CHAT_UPLOAD_DIR, a volume every replica shares), one file per
// path id. Path ids are the server's own, but each is checked to stay inside the directory
// all the same: a path that would leave it is refused rather than followed.
export class LocalDiskUploadStore implements UploadStore {
  private readonly root: string;

  constructor(directory: string) {
    this.root = resolve(directory);
  }

  async save(pathId: string, data: Buffer): Promise<void> {
    const file = this.fileOf(pathId);
    await mkdir(dirname(file), { recursive: true });
    // `wx`: a path id is never reused, so an existing file means a collision, not an update.
    await writeFile(file, data, { flag: 'wx' });
  }

  async read(pathId: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.fileOf(pathId));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async remove(pathId: string): Promise<void> {
    await rm(this.fileOf(pathId), { force: true });
  }

  private fileOf(pathId: string): string {
    const file = resolve(this.root, pathId);
    if (!file.startsWith(this.root + sep)) throw new Error(`Upload path id outside the store: ${pathId}`);
    return file;
  }
}
