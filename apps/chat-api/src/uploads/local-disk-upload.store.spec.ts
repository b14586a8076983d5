import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { LocalDiskUploadStore } from './local-disk-upload.store.js';
import type { UploadStore } from './upload.store.js';

describe(LocalDiskUploadStore.name, () => {
  let directory: string;
  let sut: UploadStore;

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'upload-store-'));
    sut = new LocalDiskUploadStore(directory);
  });

  afterEach(() => rm(directory, { recursive: true, force: true }));

  it('saves, reads and removes a file by its path id', async () => {
    await sut.save('2/ab/random/a.txt', Buffer.from('hi'), 'text/plain');
    expect((await sut.read('2/ab/random/a.txt'))?.toString()).toBe('hi');
    await sut.remove('2/ab/random/a.txt');
    expect(await sut.read('2/ab/random/a.txt')).toBeUndefined();
  });

  it('never overwrites a file', async () => {
    await sut.save('2/ab/random/a.txt', Buffer.from('hi'), 'text/plain');
    await expect(sut.save('2/ab/random/a.txt', Buffer.from('other'), 'text/plain')).rejects.toThrow();
  });

  it('refuses a path that leaves its directory', async () => {
    await expect(sut.read('../outside.txt')).rejects.toThrow('Upload path id outside the store');
  });
});
