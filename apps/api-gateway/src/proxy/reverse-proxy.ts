import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { type Dispatcher, Pool } from 'undici';
import { HttpConfig, InternalTokenService } from '@platform/http';
import { RequestContext, SpanKind, startSpan, type StartedSpan, type TraceCarrier } from '@platform/logging';
import { INTERNAL_IDENTITY_HEADER, type InternalIdentity } from '@shared/contracts';
import { GatewayConfig } from '../core/api-gateway.config.js';
import { API_KEY_HEADER, OPS_KEY_HEADER } from '../authentication/credential-authenticator.js';
import { bodyLimitFor, upstreamUrl, type Upstream } from './gateway-routes.js';
import { proxyRefusalsFor } from './proxy-refusals.js';
import { answer, AnswerRelay, forwarded, HOP_BY_HOP, type Headers } from './answer-relay.js';

// Nor does Expect: Node's server already answered the client's 100-continue, and the body is
// sent to the service straight away (undici refuses the header rather than ignore it).
const NOT_FORWARDED: ReadonlySet<string> = new Set([...HOP_BY_HOP, 'expect']);

// Partner credentials stay at the gateway: the service receives a short-lived identity token.
const NOT_FORWARDED_TO_SERVICES: ReadonlySet<string> = new Set([
  ...NOT_FORWARDED,
  API_KEY_HEADER,
  OPS_KEY_HEADER,
  'authorization',
]);

// Each service's connections: as many as the Node agent this replaced allowed.
const CONNECTIONS_PER_UPSTREAM = 256;
// Idle connections are dropped after 4 s, before the services' own 5 s keep-alive timeout
// (Node's default) closes them: reusing one the service is closing answers 502.
const IDLE_CONNECTION_MS = 4_000;

// One request's hop to its service, up to its identity token.
interface Hop {
  readonly upstream: Upstream;
  readonly pool: Pool;
  readonly request: IncomingMessage;
  readonly response: ServerResponse;
  readonly body: Buffer | null;
  readonly limit: number;
  readonly client: StartedSpan;
}

// Streams a request to the owning service and its answer back (AnswerRelay). The client is
// undici's (one pool per service): on a bare proxy it took 13–15% less CPU than http.request
// over a keep-alive agent (bench/README.md). Chat requests keep their credentials because
// chat-api authenticates its own users.
@Injectable()
export class ReverseProxy implements OnApplicationShutdown {
  private readonly services = new Map<Upstream, { readonly pool: Pool; readonly host: string }>();

  constructor(
    private readonly gateway: GatewayConfig,
    private readonly http: HttpConfig,
    private readonly tokens: InternalTokenService,
  ) {}

  // Sync-first: when the caller's identity token can be reused (nearly always), the request goes
  // out without a promise (on Node 20 each one runs the AsyncLocalStorage hooks). A promise only
  // while a token is being signed, settled once the request is on its way.
  forward(
    upstream: Upstream,
    request: IncomingMessage,
    response: ServerResponse,
    identity: InternalIdentity | null,
    // The body when it was already read (to find the user a request acts for), else streamed.
    body: Buffer | null = null,
  ): Promise<void> | undefined {
    const limit = bodyLimitFor(upstream, request.url ?? '/', this.gateway, this.http.MAX_BODY_BYTES);
    if (Number(request.headers['content-length'] ?? 0) > limit) {
      request.resume();
      return void answer(response, proxyRefusalsFor(upstream).tooLarge);
    }
    // The hop to the service is a client span of the gateway's server span; the service continues
    // the trace from the traceparent it is sent.
    const service = this.service(upstream);
    const client = startSpan(`${request.method} ${upstream}`, {
      kind: SpanKind.CLIENT,
      attributes: {
        'http.request.method': request.method ?? '',
        'server.address': service.host,
      },
    });
    // The token signed for this caller is reused for half its life: most requests need no signature.
    const token =
      identity && upstream !== 'chat'
        ? (this.tokens.reusableToken(identity) ?? this.tokens.sign(identity))
        : null;
    const hop = { upstream, pool: service.pool, request, response, body, limit, client };
    if (typeof token !== 'string' && token !== null) return token.then((signed) => this.stream(hop, signed));
    this.stream(hop, token);
    return undefined;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.services.values()].map(({ pool }) => pool.close()));
  }

  private service(upstream: Upstream): { readonly pool: Pool; readonly host: string } {
    let service = this.services.get(upstream);
    if (!service) {
      const url = new URL(upstreamUrl(upstream, this.gateway));
      // No answer, or a pause in it, longer than this is a timeout (504).
      const timeout =
        upstream === 'chat' ? this.gateway.CHAT_PROXY_TIMEOUT_MS : this.gateway.PROXY_TIMEOUT_MS;
      const pool = new Pool(url.origin, {
        connections: CONNECTIONS_PER_UPSTREAM,
        keepAliveTimeout: IDLE_CONNECTION_MS,
        keepAliveMaxTimeout: IDLE_CONNECTION_MS,
        headersTimeout: timeout,
        bodyTimeout: timeout,
        connect: { timeout },
      });
      service = { pool, host: url.hostname };
      this.services.set(upstream, service);
    }
    return service;
  }

  private stream(
    { upstream, pool, request, response, body, limit, client }: Hop,
    token: string | null,
  ): void {
    const headers = this.upstreamHeaders(upstream, request, token, body, client.carrier());
    const relay = new AnswerRelay(upstream, response, client);
    // A chunked body declares no length up front: it is counted as it streams and, past the
    // limit, the request to the service is aborted.
    const streamed =
      body ??
      (isChunked(request)
        ? countedBody(request, limit, () => relay.refuseTooLarge())
        : declaredBody(request));
    pool.dispatch(
      {
        path: request.url ?? '/',
        method: (request.method ?? 'GET') as Dispatcher.HttpMethod,
        headers,
        body: streamed,
      },
      relay,
    );
  }

  private upstreamHeaders(
    upstream: Upstream,
    request: IncomingMessage,
    token: string | null,
    body: Buffer | null,
    trace: TraceCarrier,
  ): Headers {
    // The caller's traceparent, if any, was continued by the gateway's span: the service is sent
    // the gateway's client span instead. Partner credentials are dropped for every service but chat.
    const headers = forwarded(
      request.headers,
      upstream === 'chat' ? NOT_FORWARDED : NOT_FORWARDED_TO_SERVICES,
    );
    Object.assign(headers, trace);
    if (body) headers['content-length'] = String(body.length);
    headers['x-forwarded-for'] = request.socket.remoteAddress ?? '';
    headers['x-forwarded-proto'] = 'http';
    headers['x-forwarded-host'] = request.headers.host ?? '';
    const context = RequestContext.current();
    if (context?.requestId) headers['x-request-id'] = context.requestId;
    if (context) headers['x-correlation-id'] = context.correlationId;
    if (token !== null) headers[INTERNAL_IDENTITY_HEADER] = token;
    return headers;
  }
}

function isChunked(request: IncomingMessage): boolean {
  return request.headers['transfer-encoding'] !== undefined;
}

// A body of declared length streams as it comes (Node's parser holds it to that length, checked
// against the limit already); none is sent when the client sends none (a GET must reach the
// service without one).
function declaredBody(request: IncomingMessage): IncomingMessage | null {
  return Number(request.headers['content-length'] ?? 0) > 0 ? request : null;
}

function countedBody(request: IncomingMessage, limit: number, refuse: () => void): Readable {
  return Readable.from(counted(request, limit, refuse));
}

async function* counted(request: IncomingMessage, limit: number, refuse: () => void): AsyncIterable<Buffer> {
  let received = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received > limit) return refuse();
    yield chunk;
  }
}
