import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { VerifyTransferResponse } from '@shared/contracts';

// chain-watchers' `POST /internal/verify` as the suites need it: answers what a test said for a
// chain transaction (`not_found` otherwise) and remembers what it was asked and with which
// identity header.
export class FakeChainWatchers {
  readonly requests: Array<{ body: unknown; identity: string | undefined }> = [];
  private readonly answers = new Map<string, VerifyTransferResponse>();
  private server!: Server;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      req.on('end', () => {
        const body = JSON.parse(raw || '{}') as { onChainTx?: string };
        this.requests.push({ body, identity: req.headers['x-internal-identity'] as string | undefined });
        const answer =
          req.method === 'POST' && req.url === '/internal/verify'
            ? (this.answers.get(body.onChainTx ?? '') ?? { status: 'not_found' })
            : null;
        res.writeHead(answer ? 200 : 404, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer ?? {}));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  answer(onChainTx: string, response: VerifyTransferResponse): void {
    this.answers.set(onChainTx, response);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
