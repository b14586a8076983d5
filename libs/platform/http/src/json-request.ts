import {
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

export interface JsonRequest {
  readonly method: string;
  readonly headers?: OutgoingHttpHeaders;
  // Already serialised: sent as is.
  readonly body?: string;
  // For the whole exchange, from sending to the last byte of the answer.
  readonly timeoutMs: number;
  // Default MAX_RESPONSE_BYTES.
  readonly maxResponseBytes?: number;
}

export interface JsonResponse {
  readonly status: number;
  // The parsed body; undefined when it is empty or not JSON.
  readonly body: unknown;
}

export class JsonRequestTimeoutError extends Error {
  constructor(url: URL, timeoutMs: number) {
    super(`${url.origin}${url.pathname} did not answer within ${timeoutMs} ms`);
    this.name = 'JsonRequestTimeoutError';
  }
}

// An answer larger than this is not one of the small JSON documents these calls exchange.
const MAX_RESPONSE_BYTES = 1024 * 1024;

// Idle connections are dropped after 4 s, before a Node server's default 5 s keep-alive timeout
// closes them from its side: reusing one the server is closing fails the request.
const agents = {
  'http:': new HttpAgent({ keepAlive: true, timeout: 4_000 }),
  'https:': new HttpsAgent({ keepAlive: true, timeout: 4_000 }),
};

// A JSON call to another service on node:http, with kept-alive connections. Global fetch did
// the same through web streams and abort signals at several times the CPU per call, on the
// paths every deposit takes (verification, rails).
export function requestJson(url: URL, request: JsonRequest): Promise<JsonResponse> {
  const protocol = url.protocol === 'https:' ? 'https:' : 'http:';
  const send = protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = send(url, {
      method: request.method,
      headers: {
        ...request.headers,
        ...(request.body === undefined ? {} : { 'content-length': Buffer.byteLength(request.body) }),
      },
      agent: agents[protocol],
    });
    const deadline = setTimeout(
      () => outgoing.destroy(new JsonRequestTimeoutError(url, request.timeoutMs)),
      request.timeoutMs,
    );
    const fail = (error: Error) => {
      clearTimeout(deadline);
      reject(error);
    };
    outgoing.on('error', fail);
    outgoing.on('response', (incoming) =>
      readBody(incoming, request.maxResponseBytes ?? MAX_RESPONSE_BYTES).then((text) => {
        clearTimeout(deadline);
        resolve({ status: incoming.statusCode ?? 0, body: parseOrUndefined(text) });
      }, fail),
    );
    outgoing.end(request.body);
  });
}

function readBody(incoming: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    incoming.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        incoming.destroy(new Error(`the answer is larger than ${maxBytes} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    incoming.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    incoming.once('error', reject);
    incoming.once('close', () => {
      if (!incoming.complete) reject(new Error('the connection closed before the answer ended'));
    });
  });
}

function parseOrUndefined(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
