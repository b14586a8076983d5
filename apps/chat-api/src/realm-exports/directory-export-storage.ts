import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { randomBytes } from 'node:crypto';
import { ExportStorage, type PendingArchive } from './export-storage.js';

// Archives as files under one directory. An archive is written beside its final name and
// renamed when complete, so a reader never sees half of one and a crashed build leaves only a
// temporary file in the export's directory (removed with it, when the export fails or is deleted).
export class DirectoryExportStorage extends ExportStorage {
  constructor(private readonly root: string) {
    super();
  }

  async create(key: string): Promise<PendingArchive> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomBytes(4).toString('hex')}.partial`;
    const stream = createWriteStream(temporary);
    return {
      stream,
      commit: () => rename(temporary, path),
      discard: async () => {
        stream.destroy();
        await rm(temporary, { force: true });
      },
    };
  }

  async open(key: string) {
    const path = this.pathOf(key);
    const found = await stat(path).catch(() => null);
    return found?.isFile() ? { stream: createReadStream(path), size: found.size } : null;
  }

  async delete(key: string): Promise<void> {
    await rm(dirname(this.pathOf(key)), { recursive: true, force: true });
  }

  // Keys are made by this feature; the check keeps any key inside the root all the same.
  private pathOf(key: string): string {
    const path = normalize(join(this.root, key));
    if (!path.startsWith(normalize(this.root) + sep)) throw new Error(`export key outside storage: ${key}`);
    return path;
  }
}
