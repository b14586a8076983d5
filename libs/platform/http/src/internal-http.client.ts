import { INTERNAL_IDENTITY_HEADER, type ServiceName } from '@shared/contracts';
import { currentTraceCarrier, inSpan, RequestContext, SpanKind } from '@platform/logging';
import type { InternalTokenService } from './auth/internal-token.service.js';
import { requestJson } from './json-request.js';
import { CORRELATION_ID_HEADER } from './observability/request-observer.js';

export class InternalHttpError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
  ) {
    super(`Internal call to ${url} answered ${status}`);
    this.name = 'InternalHttpError';
  }
}

// Service-to-service calls to /internal routes: signed as the calling service, carrying the
// correlation id and the trace (a client span, its traceparent sent), bounded by a timeout.
export class InternalHttpClient {
  constructor(
    private readonly caller: ServiceName,
    private readonly tokens: InternalTokenService,
    private readonly timeoutMs = 5_000,
    // Default: requestJson's (1 MiB).
    private readonly maxResponseBytes?: number,
  ) {}

  getJson<T>(url: string): Promise<T> {
    return this.call<T>(url, { method: 'GET' });
  }

  postJson<T>(url: string, body: unknown): Promise<T> {
    return this.call<T>(url, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
  }

  private call<T>(
    url: string,
    init: { method: string; body?: string; headers?: Record<string, string> },
  ): Promise<T> {
    // The path only: a query may carry personal data.
    const path = new URL(url).pathname;
    return inSpan(
      `${init.method} ${path}`,
      { kind: SpanKind.CLIENT, attributes: { 'http.request.method': init.method, 'url.path': path } },
      () => this.send<T>(url, init),
    );
  }

  private async send<T>(
    url: string,
    init: { method: string; body?: string; headers?: Record<string, string> },
  ): Promise<T> {
    const response = await requestJson(new URL(url), {
      method: init.method,
      body: init.body,
      headers: {
        ...init.headers,
        ...currentTraceCarrier(),
        [INTERNAL_IDENTITY_HEADER]: await this.tokens.sign({ kind: 'service', service: this.caller }),
        [CORRELATION_ID_HEADER]: RequestContext.current()?.correlationId ?? '',
        accept: 'application/json',
      },
      timeoutMs: this.timeoutMs,
      maxResponseBytes: this.maxResponseBytes,
    });
    if (response.status < 200 || response.status > 299) throw new InternalHttpError(response.status, url);
    if (response.body === undefined) throw new Error(`Internal call to ${url} answered without a JSON body`);
    return response.body as T;
  }
}
