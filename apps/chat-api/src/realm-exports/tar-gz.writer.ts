import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, type Gzip } from 'node:zlib';

const BLOCK = 512;

// A .tar.gz written entry by entry to `out`, with backpressure: only the entry being added is
// in memory. Entries are ustar files (names under 100 bytes, which this feature's are).
export class TarGzWriter {
  private readonly gzip: Gzip = createGzip();
  private readonly hash = createHash('sha256');
  private bytes = 0;
  private readonly done: Promise<void>;

  constructor(out: Writable) {
    const tap = new PassThrough();
    tap.on('data', (chunk: Buffer) => {
      this.hash.update(chunk);
      this.bytes += chunk.length;
    });
    this.done = pipeline(this.gzip, tap, out);
    // A failing sink rejects `done`; `finish` reports it. Without a handler here the rejection
    // would count as unhandled while entries are still being added.
    this.done.catch(() => undefined);
  }

  async add(name: string, data: Buffer, mtime: Date): Promise<void> {
    await this.write(header(name, data.length, mtime));
    await this.write(data);
    const padding = (BLOCK - (data.length % BLOCK)) % BLOCK;
    if (padding > 0) await this.write(Buffer.alloc(padding));
  }

  // Ends the archive (two empty blocks) and waits until `out` has it all.
  async finish(): Promise<{ sizeBytes: number; sha256Hex: string }> {
    await this.write(Buffer.alloc(2 * BLOCK));
    this.gzip.end();
    await this.done;
    return { sizeBytes: this.bytes, sha256Hex: this.hash.digest('hex') };
  }

  private async write(chunk: Buffer): Promise<void> {
    if (!this.gzip.write(chunk)) await Promise.race([once(this.gzip, 'drain'), this.done]);
  }
}

function header(name: string, size: number, mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  if (Buffer.byteLength(name) > 100) throw new Error(`tar entry name too long: ${name}`);
  block.write(name, 0, 100, 'utf8');
  octal(block, 100, 8, 0o644);
  octal(block, 108, 8, 0);
  octal(block, 116, 8, 0);
  octal(block, 124, 12, size);
  octal(block, 136, 12, Math.floor(mtime.getTime() / 1000));
  block.write('        ', 148, 8, 'ascii');
  block.write('0', 156, 1, 'ascii');
  block.write('ustar\u000000', 257, 8, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 8, 'ascii');
  return block;
}

// A numeric field: zero-padded octal digits and a NUL terminator.
function octal(block: Buffer, offset: number, length: number, value: number): void {
  block.write(`${value.toString(8).padStart(length - 1, '0')}\u0000`, offset, length, 'ascii');
}
