import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { type Dispatcher, errors as undiciErrors } from 'undici';
import { type PresentedError, sendJson } from '@platform/http';
import { markFailed, type StartedSpan } from '@platform/logging';
import { proxyRefusalsFor } from './proxy-refusals.js';
import type { Upstream } from './gateway-routes.js';

// Hop-by-hop headers (RFC 9110 §7.6.1) never cross a proxy.
export const HOP_BY_HOP: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

export type Headers = Record<string, string | string[]>;

// Relays one service's answer into the client's response, as undici's dispatch handler: the
// status and headers (but the hop-by-hop ones), then the body, paused while the client's socket
// is full. Undici's `stream()` does the same through an AsyncResource, a promise and a set of
// stream listeners, each running the AsyncLocalStorage hooks on Node 20: about 13 µs more per
// request on a bare proxy (bench/README.md). What the gateway answers by itself when the service
// does not is decided here too.
export class AnswerRelay implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | null = null;
  // Why the request to the service was given up before it was started.
  private abandoned: Error | null = null;
  private bodyTooLarge = false;

  constructor(
    private readonly upstream: Upstream,
    private readonly response: ServerResponse,
    private readonly client: StartedSpan,
  ) {
    // A client gone before its answer ends takes the request to the service with it.
    response.once('close', () => {
      if (!response.writableFinished) this.abandon(new undiciErrors.RequestAbortedError());
    });
  }

  // The request's body went past the limit while it streamed: the service's request is aborted
  // and the client answered 413.
  refuseTooLarge(): void {
    this.bodyTooLarge = true;
    this.abandon(new undiciErrors.RequestAbortedError());
  }

  // Called again on each attempt when the pool retries the request on another connection.
  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.abandoned) controller.abort(this.abandoned);
  }

  onResponseStart(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: IncomingHttpHeaders,
  ): void {
    // An informational answer (100 Continue, 103 Early Hints) is the service's business.
    if (statusCode < 200) return;
    this.client.span.setAttribute('http.response.status_code', statusCode);
    this.client.span.end();
    this.response.writeHead(statusCode, forwarded(headers, HOP_BY_HOP));
    this.response.on('drain', () => controller.resume());
    if (this.response.writableNeedDrain) controller.pause();
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (!this.response.write(chunk)) controller.pause();
  }

  onResponseEnd(): void {
    this.response.end();
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    // Once the answer has begun (its span ended then), the client can only be cut off.
    if (this.response.headersSent) return void this.response.destroy(error);
    markFailed(this.client.span, error);
    this.client.span.end();
    if (this.response.destroyed) return;
    const refusals = proxyRefusalsFor(this.upstream);
    if (this.bodyTooLarge) answer(this.response, refusals.tooLarge);
    else answer(this.response, timedOut(error) ? refusals.timedOut : refusals.unavailable);
  }

  private abandon(reason: Error): void {
    if (this.abandoned) return;
    this.abandoned = reason;
    this.controller?.abort(reason);
  }
}

export function answer(response: ServerResponse, presented: PresentedError): void {
  sendJson(response, presented.status, presented.body);
}

// The headers but the `dropped` ones, in one pass (deleting properties would slow the object down).
export function forwarded(headers: IncomingHttpHeaders, dropped: ReadonlySet<string>): Headers {
  const kept: Headers = {};
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined && !dropped.has(name)) kept[name] = value;
  }
  return kept;
}

// The service took longer than the proxy's timeout to connect, to answer, or between two
// chunks of its answer.
function timedOut(error: unknown): boolean {
  return (
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError ||
    error instanceof undiciErrors.ConnectTimeoutError
  );
}
