import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, resolve, sep } from 'node:path';
import { ConsoleConfig } from './console.config.js';

export interface ConsoleFile {
  readonly body: Buffer;
  readonly contentType: string;
  readonly etag: string;
  // Hashed build outputs never change under their name; everything else is revalidated.
  readonly immutable: boolean;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
};

const INDEX = 'index.html';
const ASSETS = 'assets/';

// The console's files, read once into memory: only a path that names one of them is served,
// so no request can reach outside the bundle. Any other path under /console is a page of the
// single-page app and gets index.html.
@Injectable()
export class ConsoleBundle {
  private files: Promise<ReadonlyMap<string, ConsoleFile>> | null = null;

  constructor(private readonly config: ConsoleConfig) {}

  // null for a missing build output, or when the bundle was never built.
  async fileFor(path: string): Promise<ConsoleFile | null> {
    const files = await this.load();
    return files.get(path) ?? (path.startsWith(ASSETS) ? null : (files.get(INDEX) ?? null));
  }

  private load(): Promise<ReadonlyMap<string, ConsoleFile>> {
    this.files ??= readBundle(resolve(this.config.CONSOLE_DIR)).then((files) => {
      // A bundle built after the gateway started is picked up on the next request.
      if (files.size === 0) this.files = null;
      return files;
    });
    return this.files;
  }
}

async function readBundle(root: string): Promise<Map<string, ConsoleFile>> {
  const files = new Map<string, ConsoleFile>();
  let entries: string[];
  try {
    entries = await readdir(root, { recursive: true });
  } catch {
    return files;
  }
  for (const entry of entries) {
    const contentType = CONTENT_TYPES[extname(entry)];
    if (!contentType) continue;
    const body = await readFile(join(root, entry));
    const path = relative(root, join(root, entry)).split(sep).join('/');
    files.set(path, {
      body,
      contentType,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      immutable: path.startsWith(ASSETS),
    });
  }
  return files;
}
