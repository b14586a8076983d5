import { connect, type Socket } from 'node:net';
import type { Logger } from '@platform/logging';
import type { MalwareScanner, ScanVerdict } from './malware-scanner.js';

// clamd's INSTREAM takes the file as length-prefixed chunks ended by a zero length; each chunk
// must stay under its StreamMaxLength, and the whole file too.
const CHUNK_BYTES = 64 * 1024;
const END_OF_STREAM = Buffer.alloc(4);
const FOUND = /^stream: (.+) FOUND$/;

// ClamAV's daemon over its INSTREAM protocol, on TCP (`host:port`) or a unix socket (an absolute
// path). One connection per document: clamd answers once and closes.
export class ClamdScanner implements MalwareScanner {
  constructor(
    private readonly address: string,
    private readonly timeoutMs: number,
    private readonly logger: Logger,
  ) {}

  async scan(bytes: Buffer): Promise<ScanVerdict> {
    const reply = await this.exchange(bytes).catch((error: unknown) => {
      this.logger.error({ err: error, clamd: this.address }, 'malware scan failed');
      throw error;
    });
    if (reply === 'stream: OK') return { infected: false };
    const found = FOUND.exec(reply);
    if (found) return { infected: true, signature: found[1]! };
    this.logger.error({ clamd: this.address, reply }, 'malware scan failed');
    throw new Error(`clamd answered: ${reply}`);
  }

  private exchange(bytes: Buffer): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = this.connect();
      const reply: Buffer[] = [];
      socket.setTimeout(this.timeoutMs, () =>
        socket.destroy(new Error(`clamd did not answer within ${this.timeoutMs} ms`)),
      );
      socket.on('data', (chunk: Buffer) => reply.push(chunk));
      socket.once('error', reject);
      // The `z` prefix asks for a NUL-terminated reply.
      socket.once('end', () => resolve(Buffer.concat(reply).toString('utf8').replace(/\0+$/, '').trim()));
      socket.once('connect', () => {
        socket.write('zINSTREAM\0');
        for (let offset = 0; offset < bytes.length; offset += CHUNK_BYTES) {
          const chunk = bytes.subarray(offset, offset + CHUNK_BYTES);
          const length = Buffer.alloc(4);
          length.writeUInt32BE(chunk.length);
          socket.write(length);
          socket.write(chunk);
        }
        socket.end(END_OF_STREAM);
      });
    });
  }

  private connect(): Socket {
    if (this.address.startsWith('/')) return connect({ path: this.address });
    const url = new URL(`tcp://${this.address}`);
    return connect({ host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port) });
  }
}
