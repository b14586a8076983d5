import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SandboxRequest {
  readonly method: string;
  readonly url: URL;
  readonly params: Readonly<Record<string, string>>;
  readonly headers: IncomingMessage['headers'];
  readonly rawBody: string;
  readonly raw: IncomingMessage;
}

export interface SandboxReply {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

// A handler answers with a JSON reply, or takes the response over itself (SSE) and returns null.
export type SandboxHandler = (
  request: SandboxRequest,
  response: ServerResponse,
) => Promise<SandboxReply | null> | SandboxReply | null;

export interface SandboxRoute {
  readonly method: string;
  // Path segments; ':name' captures one segment.
  readonly path: string;
  readonly handler: SandboxHandler;
}

export interface RunningSandboxServer {
  readonly url: string;
  readonly server: Server;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1_048_576;

export function reply(status: number, body: unknown, headers?: Record<string, string>): SandboxReply {
  return headers ? { status, body, headers } : { status, body };
}

// The simulators' common HTTP shell: a route table over node:http, JSON answers, and close()
// that also ends long-lived SSE connections so tests never hang.
export async function startSandboxServer(
  routes: readonly SandboxRoute[],
  port = 0,
  host = '127.0.0.1',
): Promise<RunningSandboxServer> {
  const server = createServer((request, response) => {
    void dispatch(routes, request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${bound}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function dispatch(routes: readonly SandboxRoute[], raw: IncomingMessage, response: ServerResponse) {
  try {
    const url = new URL(raw.url ?? '/', 'http://sandbox');
    const method = raw.method ?? 'GET';
    const found = match(routes, method, url.pathname);
    if (!found) return send(response, reply(404, { status: 404, title: 'Resource Missing' }));
    const rawBody = await readBody(raw);
    const result = await found.route.handler(
      { method, url, params: found.params, headers: raw.headers, rawBody, raw },
      response,
    );
    if (result) send(response, result);
  } catch (error) {
    if (!response.headersSent) send(response, reply(500, { status: 500, title: String(error) }));
    else response.end();
  }
}

function match(routes: readonly SandboxRoute[], method: string, pathname: string) {
  const segments = pathname.split('/').filter(Boolean);
  for (const route of routes) {
    if (route.method !== method) continue;
    const pattern = route.path.split('/').filter(Boolean);
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const ok = pattern.every((part, i) => {
      const segment = decodeURIComponent(segments[i] ?? '');
      if (part.startsWith(':')) params[part.slice(1)] = segment;
      return part.startsWith(':') || part === segment;
    });
    if (ok) return { route, params };
  }
  return null;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, { status, body, headers }: SandboxReply) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}
