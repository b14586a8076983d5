import { reply, startSandboxServer, type SandboxRequest } from '../http/sandbox-http-server.js';

export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
  readonly receivedAt: string;
}

export interface WebhookReceiver {
  readonly url: string;
  received(): readonly ReceivedRequest[];
  close(): Promise<void>;
}

// Records every request to /hooks/… and answers 200, or the status named by a path ending in
// /status/<code> (to exercise retries). GET /requests lists them, DELETE /requests forgets them.
export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  const received: ReceivedRequest[] = [];
  const record = (request: SandboxRequest) => {
    received.push({
      method: request.method,
      path: request.url.pathname,
      headers: request.headers,
      body: request.rawBody,
      receivedAt: new Date().toISOString(),
    });
    const status = /\/status\/(\d{3})$/.exec(request.url.pathname)?.[1];
    return reply(status ? Number(status) : 200, { received: true });
  };
  const hooks = ['/hooks/:a', '/hooks/:a/:b', '/hooks/:a/:b/:c', '/hooks/:a/:b/:c/:d'];
  const server = await startSandboxServer(
    [
      ...hooks.flatMap((path) => ['POST', 'PUT'].map((method) => ({ method, path, handler: record }))),
      { method: 'GET', path: '/requests', handler: () => reply(200, { requests: received }) },
      {
        method: 'DELETE',
        path: '/requests',
        handler: () => {
          received.length = 0;
          return reply(204, null);
        },
      },
    ],
    port,
  );
  return { url: server.url, received: () => [...received], close: server.close };
}
