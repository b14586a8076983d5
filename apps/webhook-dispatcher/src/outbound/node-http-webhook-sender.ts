import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import { type OutboundUrlGuard, UnsafeUrlError } from './outbound-url-guard.js';
import { AttemptOutcome, type AttemptResult, WebhookSender, type WebhookRequest } from './webhook-sender.js';

const SNIPPET_BYTES = 200;
const TLS_ERROR = /^(ERR_TLS|ERR_SSL|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_(GET|VERIFY))/;

// POSTs with node:http so that every connection goes through the guard's lookup (no DNS
// rebinding), redirects are not followed (a 3xx is a failed attempt), and one deadline covers
// connecting, sending and the response.
export class NodeHttpWebhookSender extends WebhookSender {
  constructor(
    private readonly guard: OutboundUrlGuard,
    private readonly timeoutMs: number,
  ) {
    super();
  }

  send(request: WebhookRequest): Promise<AttemptResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let url: URL;
    try {
      url = this.guard.parse(request.url);
    } catch {
      return Promise.resolve(failure(AttemptOutcome.BLOCKED_ADDRESS, elapsed()));
    }
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise((resolve) => {
      let settled = false;
      const settle = (result: AttemptResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        resolve(result);
      };
      const outgoing = transport.request(
        url,
        {
          method: 'POST',
          lookup: this.guard.lookup,
          // JSON unless the request says otherwise.
          headers: {
            'content-type': 'application/json',
            ...request.headers,
            'content-length': String(Buffer.byteLength(request.body)),
          },
        },
        (response) => {
          const status = response.statusCode ?? 0;
          const chunks: Buffer[] = [];
          let size = 0;
          const keep = request.keepResponseBytes;
          const wanted = Math.max(SNIPPET_BYTES, keep ?? 0);
          const done = () => {
            const bytes = Buffer.concat(chunks);
            settle({
              outcome: status >= 200 && status < 300 ? AttemptOutcome.DELIVERED : AttemptOutcome.HTTP_ERROR,
              statusCode: status,
              durationMs: elapsed(),
              responseSnippet: snippetOf(bytes),
              ...(keep === undefined ? {} : { responseBody: bytes.subarray(0, keep).toString('utf8') }),
            });
          };
          response.on('data', (chunk: Buffer) => {
            if (size >= wanted) return;
            chunks.push(chunk);
            size += chunk.length;
            // Enough read: the rest of a large body is not our business.
            if (size >= wanted) {
              done();
              outgoing.destroy();
            }
          });
          response.on('end', done);
          response.on('error', done);
        },
      );
      const deadline = setTimeout(() => {
        settle(failure(AttemptOutcome.TIMEOUT, elapsed()));
        outgoing.destroy();
      }, this.timeoutMs);
      outgoing.on('error', (error) => settle(failure(outcomeOf(error), elapsed())));
      outgoing.end(request.body);
    });
  }
}

function failure(outcome: AttemptOutcome, durationMs: number): AttemptResult {
  return { outcome, statusCode: null, durationMs, responseSnippet: null };
}

function outcomeOf(error: Error): AttemptOutcome {
  if (error instanceof UnsafeUrlError) return AttemptOutcome.BLOCKED_ADDRESS;
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return AttemptOutcome.DNS_ERROR;
  if (TLS_ERROR.test(code)) return AttemptOutcome.TLS_ERROR;
  return AttemptOutcome.CONNECTION_ERROR;
}

function snippetOf(bytes: Buffer): string | null {
  if (bytes.length === 0) return null;
  const text = bytes
    .subarray(0, SNIPPET_BYTES)
    .toString('utf8')
    .replace(/[^\x20-\x7e]+/g, ' ')
    .trim();
  return text.length > 0 ? text : null;
}
