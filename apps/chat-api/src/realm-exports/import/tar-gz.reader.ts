import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { ImportArchiveError } from './import-archive.error.js';

const BLOCK = 512;
// ustar type flags of the entries kept: regular files ('0', or NUL in old archives).
const REGULAR_FILE = new Set(['0', '\0']);

// Unpacks a .tar.gz stream into `directory`, one entry at a time: memory holds the entry being
// read (a messages file at most, 1,000 messages), whatever the archive's size. Entries whose
// path would leave `directory` are refused; links and directories are skipped (the files carry
// their paths). `maxBytes` bounds the unpacked total.
export async function extractTarGz(source: Readable, directory: string, maxBytes: number): Promise<void> {
  let pending: Buffer = Buffer.alloc(0);
  let entry: { path: string | null; size: number; chunks: Buffer[]; received: number } | null = null;
  let total = 0;
  let ended = false;

  const finishEntry = async () => {
    if (entry?.path) await writeEntry(directory, entry.path, Buffer.concat(entry.chunks));
    entry = null;
  };

  for await (const chunk of gunzipped(source)) {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    while (!ended) {
      if (entry) {
        const wanted = entry.size - entry.received;
        const taken = pending.subarray(0, Math.min(wanted, pending.length));
        if (entry.path) entry.chunks.push(Buffer.from(taken));
        entry.received += taken.length;
        pending = pending.subarray(taken.length);
        if (entry.received < entry.size) break;
        const padding = (BLOCK - (entry.size % BLOCK)) % BLOCK;
        if (pending.length < padding) break;
        pending = pending.subarray(padding);
        await finishEntry();
        continue;
      }
      if (pending.length < BLOCK) break;
      const header = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (header.every((byte) => byte === 0)) {
        ended = true;
        break;
      }
      const size = parseInt(text(header, 124, 12) || '0', 8);
      if (!Number.isSafeInteger(size)) throw new ImportArchiveError('The archive has a malformed entry');
      total += size;
      if (total > maxBytes)
        throw new ImportArchiveError(`The archive unpacks to more than ${maxBytes} bytes`);
      const type = String.fromCharCode(header[156]!);
      const prefix = text(header, 345, 155);
      const name = text(header, 0, 100);
      entry = {
        path: REGULAR_FILE.has(type) ? (prefix ? `${prefix}/${name}` : name) : null,
        size,
        chunks: [],
        received: 0,
      };
    }
  }
  if (entry) throw new ImportArchiveError('The archive ends in the middle of a file');
}

// The stream unzipped; a body that is not gzip is the operator's mistake, not a server fault.
async function* gunzipped(source: Readable): AsyncIterable<Buffer> {
  try {
    for await (const chunk of source.pipe(createGunzip()) as AsyncIterable<Buffer>) yield chunk;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code?.startsWith('Z_'))
      throw new ImportArchiveError(`The archive is not a .tar.gz (${(error as Error).message})`);
    throw error;
  }
}

function text(header: Buffer, offset: number, length: number): string {
  return header
    .subarray(offset, offset + length)
    .toString('utf8')
    .replace(/\0.*$/s, '')
    .trim();
}

async function writeEntry(directory: string, path: string, content: Buffer): Promise<void> {
  const relative = normalize(path);
  if (relative.startsWith('..') || relative.startsWith('/'))
    throw new ImportArchiveError(`The archive holds a path outside its directory: ${path}`);
  const target = join(directory, relative);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, content);
}
