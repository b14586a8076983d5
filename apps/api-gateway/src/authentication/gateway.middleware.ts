import { Injectable } from '@nestjs/common';
import type { NextFunction, Response } from 'express';
import { authenticationFailedBody, type RequestWithIdentity } from '@platform/http';
import { INTERNAL_IDENTITY_HEADER } from '@shared/contracts';
import { GatewayConfig } from '../api-gateway.config.js';
import { upstreamFor } from '../proxy/gateway-routes.js';
import { ReverseProxy } from '../proxy/reverse-proxy.js';
import { CredentialAuthenticator } from './credential-authenticator.js';

const SELF_PROVING_PATHS: ReadonlySet<string> = new Set(['/walletAuth/verify', '/walletAuth/refresh']);

// The front door, ahead of every route: authenticate whatever credential came, refuse a wrong
// one, then either proxy to the owning service or fall through to the gateway's own routes.
@Injectable()
export class GatewayMiddleware {
  constructor(
    private readonly config: GatewayConfig,
    private readonly authenticator: CredentialAuthenticator,
    private readonly proxy: ReverseProxy,
  ) {}

  handle(request: RequestWithIdentity, response: Response, next: NextFunction): void {
    // Only the gateway mints identities; one sent by a client is discarded.
    delete request.headers[INTERNAL_IDENTITY_HEADER];
    this.route(request, response, next).catch(next);
  }

  private async route(request: RequestWithIdentity, response: Response, next: NextFunction): Promise<void> {
    const upstream = upstreamFor(request.path, request.headers.host, this.config);
    if (upstream === 'chat') return this.proxy.forward(upstream, request, response);
    // These routes carry their own proof. Clients that attach their (now expired) access token to
    // every call must still be able to refresh it.
    if (SELF_PROVING_PATHS.has(request.path)) return next();
    const authentication = await this.authenticator.authenticate(request.headers);
    if (authentication.outcome === 'rejected') {
      response.status(401).json(authenticationFailedBody(authentication.reason));
      return;
    }
    if (authentication.outcome === 'authenticated') request.identity = authentication.identity;
    if (upstream) return this.proxy.forward(upstream, request, response);
    next();
  }
}
