import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

// A partner's receiver for the tests: records every request and answers `status`; while `down`
// it drops every connection unanswered (and counts them).
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  status = 204;
  down = false;
  dropped = 0;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<WebhookReceiver> {
    let receiver: WebhookReceiver | null = null;
    const server = createServer((request, response) => {
      if (receiver!.down) {
        receiver!.dropped += 1;
        request.socket.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        receiver!.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response
          .writeHead(receiver!.status, { 'content-type': 'text/plain' })
          .end(`answered ${receiver!.status}`);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    receiver = new WebhookReceiver(server, `http://127.0.0.1:${port}/hooks`);
    return receiver;
  }

  bodies<T = Record<string, unknown>>(): T[] {
    return this.received.map((request) => JSON.parse(request.body) as T);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
