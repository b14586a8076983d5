import { Inject, Injectable } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { labelRoute, sendJson } from '@platform/http';
import { LOGGER, type Logger } from '@platform/logging';
import { INTERNAL_IDENTITY_HEADER, type InternalIdentity } from '@shared/contracts';
import { GatewayConfig } from '../core/api-gateway.config.js';
import { RequestAdmission, sendRefusal, type Admission } from '../authentication/request-admission.js';
import { DisabledUserGate } from '../disabled-users/disabled-user.gate.js';
import { upstreamFor, type Upstream } from './gateway-routes.js';
import { proxyRefusalsFor } from './proxy-refusals.js';
import { ReverseProxy } from './reverse-proxy.js';

// Every request comes through here first. Those another service owns are authenticated and
// streamed to it without entering Express: that is most of the gateway's traffic, and the
// framework would cost more than the proxying itself. The rest fall through to Express.
@Injectable()
export class ProxyFrontDoor {
  constructor(
    private readonly config: GatewayConfig,
    private readonly admission: RequestAdmission,
    private readonly proxy: ReverseProxy,
    private readonly users: DisabledUserGate,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  handle(request: IncomingMessage, response: ServerResponse): boolean {
    // Only the gateway mints identities; one sent by a client is discarded.
    delete request.headers[INTERNAL_IDENTITY_HEADER];
    const path = request.url?.split('?', 1)[0] ?? '';
    const upstream = upstreamFor(path, request.headers.host, this.config);
    if (!upstream) return false;
    labelRoute(request, `proxy:${upstream}`);
    try {
      this.authenticateAndForward(request, response, path, upstream)?.catch((error: unknown) =>
        this.fail(response, upstream, error),
      );
    } catch (error) {
      this.fail(response, upstream, error);
    }
    return true;
  }

  // Sync-first: a request whose admission is known at once (an API key already looked up, above
  // all) is forwarded without awaiting a promise, since on Node 20 each one runs the
  // AsyncLocalStorage promise hooks. A promise only while something is awaited.
  private authenticateAndForward(
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    upstream: Upstream,
  ): Promise<void> | undefined {
    // chat-api authenticates its own users; its credentials pass through untouched.
    if (upstream === 'chat') return this.proxy.forward(upstream, request, response, null);
    const admission = this.admission.admit(request, response, path);
    return admission instanceof Promise
      ? admission.then((settled) => this.forwardAdmitted(request, response, path, upstream, settled))
      : this.forwardAdmitted(request, response, path, upstream, admission);
  }

  private forwardAdmitted(
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    upstream: Upstream,
    admission: Admission,
  ): Promise<void> | undefined {
    if (!admission.admitted) {
      request.resume();
      sendRefusal(response, admission.refusal);
      return undefined;
    }
    const { identity } = admission;
    if (!this.users.concerns(request, path, identity))
      return this.proxy.forward(upstream, request, response, identity);
    return this.forwardPastUserGate(request, response, path, upstream, identity);
  }

  private async forwardPastUserGate(
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    upstream: Upstream,
    identity: InternalIdentity | null,
  ): Promise<void> {
    const gate = await this.users.inspect(request, path, identity);
    if (gate.kind === 'refuse') {
      request.resume();
      return sendJson(response, gate.refusal.status, gate.refusal.body);
    }
    if (gate.kind === 'too_large') {
      const { tooLarge } = proxyRefusalsFor(upstream);
      return sendJson(response, tooLarge.status, tooLarge.body);
    }
    await this.proxy.forward(upstream, request, response, identity, gate.body);
  }

  private fail(response: ServerResponse, upstream: Upstream, error: unknown): void {
    const errorId = randomUUID();
    this.logger.error({ err: error, errorId }, 'proxying failed');
    if (response.headersSent) {
      response.destroy();
      return;
    }
    const presented = proxyRefusalsFor(upstream).unexpected(errorId);
    sendJson(response, presented.status, presented.body);
  }
}
