import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { RequestContext, SpanKind, startSpan, type Logger, type TraceCarrier } from '@platform/logging';
import type { MetricsRegistry } from './metrics.registry.js';

export const REQUEST_ID_HEADER = 'x-request-id';
export const CORRELATION_ID_HEADER = 'x-correlation-id';

// A caller-supplied id is kept only when it is short and plain, so it is safe to log and echo.
const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const ROUTE_LABEL = Symbol('routeLabel');

interface LabelledRequest extends IncomingMessage {
  [ROUTE_LABEL]?: string;
  // Set by Express on the requests its router matched.
  route?: { path?: string };
  baseUrl?: string;
}

// For requests answered outside Express's router (the gateway's proxy): the label their
// latency is recorded under, a route template or prefix, never a raw path with ids in it.
export function labelRoute(request: IncomingMessage, label: string): void {
  (request as LabelledRequest)[ROUTE_LABEL] = label;
}

// Wraps the server's request listener, so it runs for every request before any framework
// code: an id (echoed in X-Request-Id), a correlation id that follows the request through HTTP
// hops and Kafka headers, a server span continuing the caller's W3C trace context (traceparent),
// one access-log line and the latency histogram.
export function observeRequests(
  logger: Logger,
  metrics: MetricsRegistry,
  handle: RequestListener,
): RequestListener<typeof IncomingMessage, typeof ServerResponse> {
  return (request, response) => {
    const requestId = incomingId(request, REQUEST_ID_HEADER) ?? randomUUID();
    const correlationId = incomingId(request, CORRELATION_ID_HEADER) ?? requestId;
    response.setHeader(REQUEST_ID_HEADER, requestId);
    const started = process.hrtime.bigint();
    const method = request.method ?? '';
    const server = startSpan(method, {
      kind: SpanKind.SERVER,
      parent: request.headers as TraceCarrier,
      attributes: { 'http.request.method': method },
    });
    // The request's ids and its span, in one context entered once (each entry has a cost).
    const active = RequestContext.of({ requestId, correlationId }, server.context);
    // 'close' follows 'finish' on every answer, and comes alone when the connection was cut
    // before the answer finished: one listener for both.
    response.on('close', () => {
      if (!response.writableFinished) return void server.span.end();
      const durationSeconds = Number(process.hrtime.bigint() - started) / 1e9;
      const status = response.statusCode;
      const route = routeLabel(request);
      metrics.observeHttp(method, route, status, durationSeconds);
      // Entering the request's context for the line is work too: skipped where it is not written.
      if (logger.isLevelEnabled('info')) {
        // The path without its query string: queries can carry personal data.
        const path = (request.url ?? '').split('?', 1)[0];
        RequestContext.runIn(active, () =>
          logger.info({ method, path, status, durationMs: durationSeconds * 1000 }, 'request'),
        );
      }
      server.span.updateName(`${method} ${route}`);
      server.span.setAttributes({ 'http.route': route, 'http.response.status_code': status });
      server.span.end();
    });
    RequestContext.runIn(active, () => handle(request, response));
  };
}

function incomingId(request: IncomingMessage, header: string): string | undefined {
  const value = request.headers[header];
  return typeof value === 'string' && SAFE_ID.test(value) ? value : undefined;
}

function routeLabel(request: LabelledRequest): string {
  const label = request[ROUTE_LABEL];
  if (label !== undefined) return label;
  const route = request.route?.path;
  return route === undefined ? 'unmatched' : `${request.baseUrl ?? ''}${route}`;
}
