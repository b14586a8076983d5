import type { OnModuleInit } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { access, constants, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { assertStorageKey, type DocumentStorage } from './document-storage.js';

// Documents as files in one directory (KYC_STORAGE_DIR), readable by the service's user only.
export class LocalDirectoryDocumentStorage implements DocumentStorage, OnModuleInit {
  private readonly directory: string;

  constructor(directory: string) {
    this.directory = resolve(directory);
  }

  // A directory that cannot be written fails the boot, not the first submission.
  async onModuleInit(): Promise<void> {
    await mkdir(this.directory, { recursive: true, mode: 0o700 });
    await access(this.directory, constants.W_OK | constants.R_OK);
  }

  // Written under a temporary name, then renamed: a reader never sees half a document.
  async put(key: string, sealed: Buffer): Promise<void> {
    const path = this.pathOf(key);
    const partial = `${path}.${randomBytes(6).toString('hex')}.partial`;
    await writeFile(partial, sealed, { mode: 0o600, flag: 'wx' });
    try {
      await rename(partial, path);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  get(key: string): Promise<Buffer> {
    return readFile(this.pathOf(key));
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    return join(this.directory, `${key}.sealed`);
  }
}
