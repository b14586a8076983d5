import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { EICAR } from './document-fixtures.js';

const COMMAND = 'zINSTREAM\0';

// Marks a document the fake cannot scan: it answers as clamd does when a stream breaks a limit.
export const UNSCANNABLE = 'FAKE-CLAMD-FAILS-ON-THIS';

// clamd's INSTREAM as far as the end-to-end suites need, over the real protocol: EICAR is
// found, UNSCANNABLE fails the scan, anything else is clean. The real daemon is tested in
// kyc-malware-scan.infra-spec.ts.
export class FakeClamd {
  private readonly server: Server = createServer((socket) => this.serve(socket));
  scans = 0;

  async start(): Promise<string> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return `127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.close();
    await once(this.server, 'close');
  }

  private serve(socket: Socket): void {
    let received = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const stream = streamOf(received);
      if (stream) socket.end(this.answer(stream));
    });
  }

  private answer(stream: Buffer): string {
    this.scans++;
    if (stream.includes(UNSCANNABLE)) return 'INSTREAM size limit exceeded. ERROR\0';
    return stream.includes(EICAR) ? 'stream: Eicar-Test-Signature FOUND\0' : 'stream: OK\0';
  }
}

// The streamed file once its zero-length end has arrived, else null.
function streamOf(received: Buffer): Buffer | null {
  if (received.length < COMMAND.length || received.toString('latin1', 0, COMMAND.length) !== COMMAND)
    return null;
  const chunks: Buffer[] = [];
  for (let offset = COMMAND.length; offset + 4 <= received.length;) {
    const length = received.readUInt32BE(offset);
    if (length === 0) return Buffer.concat(chunks);
    if (offset + 4 + length > received.length) return null;
    chunks.push(received.subarray(offset + 4, offset + 4 + length));
    offset += 4 + length;
  }
  return null;
}
