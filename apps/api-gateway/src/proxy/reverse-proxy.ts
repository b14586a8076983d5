import { Injectable } from '@nestjs/common';
import {
  Agent,
  request as httpRequest,
  type ClientRequest,
  type RequestOptions,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { HttpConfig, InternalTokenService, type PresentedError, sendJson } from '@platform/http';
import {
  currentTraceCarrier,
  markFailed,
  RequestContext,
  SpanKind,
  startSpan,
  type TraceCarrier,
} from '@platform/logging';
import { INTERNAL_IDENTITY_HEADER, type InternalIdentity } from '@shared/contracts';
import { GatewayConfig } from '../core/api-gateway.config.js';
import { API_KEY_HEADER, OPS_KEY_HEADER } from '../authentication/credential-authenticator.js';
import { bodyLimitFor, upstreamUrl, type Upstream } from './gateway-routes.js';
import { proxyRefusalsFor } from './proxy-refusals.js';

// Hop-by-hop headers (RFC 9110 §7.6.1) never cross a proxy.
const HOP_BY_HOP: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

// Partner credentials stay at the gateway: the service receives a short-lived identity token.
const CREDENTIAL_HEADERS: ReadonlySet<string> = new Set([API_KEY_HEADER, OPS_KEY_HEADER, 'authorization']);

const UPSTREAM_TIMEOUT = 'upstream timeout';

interface UpstreamAddress {
  readonly host: string;
  readonly port: number;
  readonly secure: boolean;
}

// Streams a request to the owning service and its answer back, on plain Node streams. Chat
// requests keep their credentials because chat-api authenticates its own users.
@Injectable()
export class ReverseProxy {
  // Idle connections are dropped after 4 s, before the services' own 5 s keep-alive timeout
  // (Node's default) closes them: reusing one the service is closing answers 502.
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 256, timeout: 4_000 });
  private readonly secureAgent = new HttpsAgent({ keepAlive: true, maxSockets: 256, timeout: 4_000 });
  private readonly addresses = new Map<Upstream, UpstreamAddress>();

  constructor(
    private readonly gateway: GatewayConfig,
    private readonly http: HttpConfig,
    private readonly tokens: InternalTokenService,
  ) {}

  async forward(
    upstream: Upstream,
    request: IncomingMessage,
    response: ServerResponse,
    identity: InternalIdentity | null,
    // The body when it was already read (to find the user a request acts for), else streamed.
    body: Buffer | null = null,
  ): Promise<void> {
    const limit = bodyLimitFor(upstream, request.url ?? '/', this.gateway, this.http.MAX_BODY_BYTES);
    const refusals = proxyRefusalsFor(upstream);
    if (Number(request.headers['content-length'] ?? 0) > limit) {
      request.resume();
      return answer(response, refusals.tooLarge);
    }
    const { host, port, secure } = this.address(upstream);
    // The hop to the service is a client span of the gateway's server span; the service continues
    // the trace from the traceparent it is sent.
    const client = startSpan(`${request.method} ${upstream}`, {
      kind: SpanKind.CLIENT,
      attributes: { 'http.request.method': request.method ?? '', 'server.address': host },
    });
    const options: RequestOptions = {
      host,
      port,
      path: request.url,
      method: request.method,
      headers: await this.upstreamHeaders(upstream, request, identity, body, client.run(currentTraceCarrier)),
      agent: secure ? this.secureAgent : this.agent,
      timeout: upstream === 'chat' ? this.gateway.CHAT_PROXY_TIMEOUT_MS : this.gateway.PROXY_TIMEOUT_MS,
    };
    const outgoing = secure ? httpsRequest(options) : httpRequest(options);
    outgoing.on('response', (incoming) => {
      client.span.setAttribute('http.response.status_code', incoming.statusCode ?? 502);
      client.span.end();
      response.writeHead(incoming.statusCode ?? 502, withoutHopByHop(incoming.headers));
      incoming.pipe(response);
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error(UPSTREAM_TIMEOUT)));
    outgoing.on('error', (error) => {
      markFailed(client.span, error);
      client.span.end();
      if (response.headersSent) {
        response.destroy(error);
        return;
      }
      answer(response, error.message === UPSTREAM_TIMEOUT ? refusals.timedOut : refusals.unavailable);
    });
    if (body) outgoing.end(body);
    else streamBody(request, outgoing, response, limit, refusals.tooLarge);
  }

  private address(upstream: Upstream): UpstreamAddress {
    let address = this.addresses.get(upstream);
    if (!address) {
      const url = new URL(upstreamUrl(upstream, this.gateway));
      const secure = url.protocol === 'https:';
      address = { host: url.hostname, port: Number(url.port || (secure ? 443 : 80)), secure };
      this.addresses.set(upstream, address);
    }
    return address;
  }

  private async upstreamHeaders(
    upstream: Upstream,
    request: IncomingMessage,
    identity: InternalIdentity | null,
    body: Buffer | null,
    trace: TraceCarrier,
  ): Promise<OutgoingHttpHeaders> {
    // The caller's traceparent, if any, was continued by the gateway's span: the service is sent
    // the gateway's client span instead.
    const headers: OutgoingHttpHeaders = { ...withoutHopByHop(request.headers), ...trace };
    if (body) headers['content-length'] = body.length;
    headers['x-forwarded-for'] = request.socket.remoteAddress ?? '';
    headers['x-forwarded-proto'] = 'http';
    headers['x-forwarded-host'] = request.headers.host ?? '';
    const context = RequestContext.current();
    if (context?.requestId) headers['x-request-id'] = context.requestId;
    if (context) headers['x-correlation-id'] = context.correlationId;
    if (upstream === 'chat') return headers;
    for (const name of CREDENTIAL_HEADERS) delete headers[name];
    if (identity) headers[INTERNAL_IDENTITY_HEADER] = await this.tokens.sign(identity);
    return headers;
  }
}

function answer(response: ServerResponse, presented: PresentedError): void {
  sendJson(response, presented.status, presented.body);
}

function withoutHopByHop(headers: IncomingMessage['headers']): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {};
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
  }
  return kept;
}

// Counts what streams through, since a chunked body declares no length up front.
function streamBody(
  request: IncomingMessage,
  outgoing: ClientRequest,
  response: ServerResponse,
  limit: number,
  tooLarge: PresentedError,
): void {
  let received = 0;
  request.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > limit) {
      request.unpipe(outgoing);
      outgoing.destroy();
      if (!response.headersSent) answer(response, tooLarge);
    }
  });
  request.pipe(outgoing);
}
