import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { authenticationFailedBody, sendJson, type RequestWithIdentity } from '@platform/http';
import { CredentialAuthenticator } from './credential-authenticator.js';

const SELF_PROVING_PATHS: ReadonlySet<string> = new Set(['/walletAuth/verify', '/walletAuth/refresh']);

// Ahead of the gateway's own routes (requests for other services never get here: the proxy's
// front door took them): authenticate whatever credential came and refuse a wrong one.
@Injectable()
export class GatewayMiddleware {
  constructor(private readonly authenticator: CredentialAuthenticator) {}

  handle(request: Request & RequestWithIdentity, response: Response, next: NextFunction): void {
    // These routes carry their own proof. Clients that attach their (now expired) access token to
    // every call must still be able to refresh it.
    if (SELF_PROVING_PATHS.has(request.path)) {
      next();
      return;
    }
    this.authenticator
      .authenticate(request.headers)
      .then((authentication) => {
        if (authentication.outcome === 'rejected')
          return sendJson(response, 401, authenticationFailedBody(authentication.reason));
        if (authentication.outcome === 'authenticated') request.identity = authentication.identity;
        next();
      })
      .catch(next);
  }
}
