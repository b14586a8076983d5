import type { IncomingMessage } from 'node:http';
import { InvalidRequestError } from '../errors/invalid-request.error.js';

// How a direct route reads its request before the handler runs, as the app's body parser or
// middleware would on the Express path: it leaves on the request what the handler's parameter
// decorators read (`request.body` for @Body()).
export interface DirectBodyReader {
  // Whether this request can be read exactly as the Express path reads it; otherwise Express
  // answers it (the same route, the same way, only slower).
  takes(request: IncomingMessage, maxBodyBytes: number): boolean;
  // Undefined when there was nothing to wait for (no body): the route then runs without a promise.
  read(request: IncomingMessage, maxBodyBytes: number): Promise<void> | undefined;
}

export type RequestWithBody = IncomingMessage & { body?: unknown };

// Content types read directly; any other (a charset to convert, a form) goes to Express.
const JSON_CONTENT_TYPES = new Set(['application/json', 'application/json; charset=utf-8']);
// JSON bodies the parser accepts are objects and arrays only, as body-parser's strict mode.
const JSON_CONTAINER_START = /^[\x20\x09\x0a\x0d]*[{[]/;

// The platform's JSON body parser: its size limit and its rules, for @Body() DTOs.
export const jsonBodyReader: DirectBodyReader = {
  takes(request, maxBodyBytes) {
    const { headers } = request;
    const length = Number(headers['content-length']);
    return (
      JSON_CONTENT_TYPES.has(headers['content-type']?.toLowerCase() ?? '') &&
      (headers['content-encoding'] ?? 'identity') === 'identity' &&
      Number.isSafeInteger(length) &&
      length <= maxBodyBytes
    );
  },
  // Parsed as it ends: one promise per body (on Node 20 each one runs the AsyncLocalStorage hooks).
  read(request: RequestWithBody) {
    return readBody(request, (raw) => {
      request.body = parseJsonBody(raw);
    });
  },
};

// For routes that read no body (GET, DELETE): only requests that send none, since Express's parsers
// would read one, and refuse it if it were not valid.
export const noBodyReader: DirectBodyReader = {
  takes({ headers }) {
    return headers['transfer-encoding'] === undefined && (headers['content-length'] ?? '0') === '0';
  },
  read: () => undefined,
};

// The whole body, handed to `take` (what it throws rejects); its length was checked against the
// limit from Content-Length, which Node's parser enforces.
function readBody(request: IncomingMessage, take: (raw: Buffer) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const unreadable = () => reject(new InvalidRequestError('Request body could not be read'));
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.once('end', () => {
      try {
        take(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
        resolve();
      } catch (error) {
        reject(error as Error);
      }
    });
    request.once('error', unreadable);
    request.once('close', () => {
      if (!request.complete) unreadable();
    });
  });
}

// The body parser's rules: an empty body is {}, anything but an object or array is refused.
function parseJsonBody(raw: Buffer): unknown {
  if (raw.length === 0) return {};
  const text = raw.toString('utf8');
  try {
    if (!JSON_CONTAINER_START.test(text)) throw new SyntaxError('not a JSON object or array');
    return JSON.parse(text) as unknown;
  } catch {
    throw new InvalidRequestError('Request body is not valid JSON');
  }
}
