import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Agent, request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { HttpConfig, InternalTokenService, type RequestWithIdentity } from '@platform/http';
import { RequestContext } from '@platform/logging';
import { INTERNAL_IDENTITY_HEADER } from '@shared/contracts';
import { GatewayConfig } from '../api-gateway.config.js';
import { API_KEY_HEADER, OPS_KEY_HEADER } from '../authentication/credential-authenticator.js';
import { upstreamUrl, type Upstream } from './gateway-routes.js';

// Hop-by-hop headers (RFC 9110 §7.6.1) never cross a proxy.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

// Streams a request to the owning service and its answer back. Partner credentials stay at the
// gateway: the service receives a short-lived identity token instead. Chat requests pass
// through untouched because chat-api authenticates its own users.
@Injectable()
export class ReverseProxy {
  // Idle connections are dropped after 4 s, before the services' own 5 s keep-alive timeout
  // (Node's default) closes them: reusing one the service is closing answers 502.
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 256, timeout: 4_000 });

  constructor(
    private readonly gateway: GatewayConfig,
    private readonly http: HttpConfig,
    private readonly tokens: InternalTokenService,
  ) {}

  async forward(upstream: Upstream, request: RequestWithIdentity, response: Response): Promise<void> {
    const limit = upstream === 'kyc' ? this.gateway.MAX_UPLOAD_BYTES : this.http.MAX_BODY_BYTES;
    const declaredLength = Number(request.headers['content-length'] ?? 0);
    if (declaredLength > limit) {
      response.status(413).json({ message: 'Request body is too large' });
      request.resume();
      return;
    }
    const headers = await this.upstreamHeaders(upstream, request);
    const target = new URL(request.originalUrl, upstreamUrl(upstream, this.gateway));
    const outgoing = httpRequest(target, {
      method: request.method,
      headers,
      agent: this.agent,
      timeout: upstream === 'chat' ? this.gateway.CHAT_PROXY_TIMEOUT_MS : this.gateway.PROXY_TIMEOUT_MS,
    });
    outgoing.on('response', (incoming) => {
      response.status(incoming.statusCode ?? 502);
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(name)) response.setHeader(name, value);
      }
      incoming.pipe(response);
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error('upstream timeout')));
    outgoing.on('error', (error) => {
      if (response.headersSent) {
        response.destroy(error);
        return;
      }
      const timedOut = error.message === 'upstream timeout';
      response
        .status(timedOut ? 504 : 502)
        .json({ message: timedOut ? 'The service did not answer in time' : 'The service is unavailable' });
    });
    this.streamBody(request, outgoing, response, limit);
  }

  private streamBody(
    request: Request,
    outgoing: ReturnType<typeof httpRequest>,
    response: Response,
    limit: number,
  ): void {
    let received = 0;
    request.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) {
        request.unpipe(outgoing);
        outgoing.destroy();
        if (!response.headersSent) response.status(413).json({ message: 'Request body is too large' });
      }
    });
    request.pipe(outgoing);
  }

  private async upstreamHeaders(
    upstream: Upstream,
    request: RequestWithIdentity,
  ): Promise<OutgoingHttpHeaders> {
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(request.headers as IncomingHttpHeaders)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    headers['x-forwarded-for'] = request.ip ?? '';
    headers['x-forwarded-proto'] = request.protocol;
    headers['x-forwarded-host'] = request.headers.host ?? '';
    const context = RequestContext.current();
    if (context?.requestId) headers['x-request-id'] = context.requestId;
    if (context) headers['x-correlation-id'] = context.correlationId;
    if (upstream === 'chat') return headers;
    delete headers[API_KEY_HEADER];
    delete headers[OPS_KEY_HEADER];
    delete headers.authorization;
    if (request.identity) headers[INTERNAL_IDENTITY_HEADER] = await this.tokens.sign(request.identity);
    return headers;
  }
}
