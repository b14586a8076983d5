import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { ImageAttachmentsRepository } from '../../uploads/thumbnails/image-attachments.repository.js';
import { ImageReader } from '../../uploads/thumbnails/image-reader.js';
import { ImageUploads } from '../../uploads/thumbnails/image-uploads.js';
import type { ThumbnailWorker } from '../../uploads/thumbnails/thumbnail.worker.js';
import type { UploadStore } from '../../uploads/upload.store.js';
import { ImportArchiveError } from './import-archive.error.js';
import { UploadFilesImport } from './upload-files.import.js';

const OLD_PATH = '3/ab/AAAAAAAAAAAAAAAAAAAAAAAA/report.txt';

describe('UploadFilesImport', () => {
  let directory: string;
  const saved = new Map<string, Buffer>();
  const store: UploadStore = {
    save: async (pathId, data) => void saved.set(pathId, data),
    read: async (pathId) => saved.get(pathId),
    remove: async (pathId) => void saved.delete(pathId),
  };
  // Only the header reading runs while files are copied; rows are written with the attachments.
  const images = new ImageUploads({} as ImageAttachmentsRepository, new ImageReader(), {} as ThumbnailWorker);

  beforeEach(async () => {
    saved.clear();
    directory = await mkdtemp(join(tmpdir(), 'upload-files-import-'));
    await mkdir(join(directory, 'uploads/3/ab/AAAAAAAAAAAAAAAAAAAAAAAA'), { recursive: true });
    await writeFile(join(directory, 'uploads', OLD_PATH), 'numbers');
  });

  afterEach(() => rm(directory, { recursive: true, force: true }));

  it('stores each file under a new path id of the new realm and rewrites links to it', async () => {
    const uploads = new UploadFilesImport(store, images, 9);
    await uploads.copyFiles(directory, [{ path: OLD_PATH, s3_path: OLD_PATH }], []);
    const [newPath] = [...saved.keys()];
    expect(newPath).toMatch(/^9\/[0-9a-f]{2}\/[\w-]{24}\/report\.txt$/);
    expect(saved.get(newPath!)?.toString()).toBe('numbers');
    expect(uploads.rewriteLinks(`[a](/user_uploads/${OLD_PATH}) [b](/user_uploads/3/ab/other/x.txt)`)).toBe(
      `[a](/user_uploads/${newPath}) [b](/user_uploads/3/ab/other/x.txt)`,
    );
    expect(uploads.rewriteLinks(`<a href="user_uploads/${OLD_PATH}">a</a>`)).toBe(
      `<a href="user_uploads/${newPath}">a</a>`,
    );
  });

  it('reads which files are images to thumbnail anew, by their type and their bytes', async () => {
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    await writeFile(join(directory, 'uploads/3/ab/AAAAAAAAAAAAAAAAAAAAAAAA/chart.png'), png);
    await writeFile(join(directory, 'uploads/3/ab/AAAAAAAAAAAAAAAAAAAAAAAA/fake.png'), 'not an image');
    const uploads = new UploadFilesImport(store, images, 9);
    const paths = ['chart.png', 'fake.png', 'report.txt'].map(
      (name) => `3/ab/AAAAAAAAAAAAAAAAAAAAAAAA/${name}`,
    );
    await uploads.copyFiles(
      directory,
      paths.map((path) => ({ path, s3_path: path })),
      paths.map((path) => ({
        path_id: path,
        content_type: path.endsWith('.png') ? 'image/png' : 'text/plain',
      })),
    );
    expect(saved.size).toBe(3);
    expect(uploads.recordedImages).toBe(1);
  });

  it('leaves out a file the archive lacks and refuses a path leaving uploads/', async () => {
    const uploads = new UploadFilesImport(store, images, 9);
    await uploads.copyFiles(
      directory,
      [{ path: '3/cd/missing/gone.txt', s3_path: '3/cd/missing/gone.txt' }],
      [],
    );
    expect(saved.size).toBe(0);
    await expect(uploads.copyFiles(directory, [{ path: '../realm.json' }], [])).rejects.toThrow(
      new ImportArchiveError('Invalid upload path: ../realm.json'),
    );
  });
});
