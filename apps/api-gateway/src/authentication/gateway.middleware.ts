import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { RequestWithIdentity } from '@platform/http';
import { RequestAdmission, sendRefusal } from './request-admission.js';

const SELF_PROVING_PATHS: ReadonlySet<string> = new Set(['/walletAuth/verify', '/walletAuth/refresh']);

// Ahead of the gateway's own routes (requests for other services never get here: the proxy's
// front door took them): authenticate whatever credential came, refuse a wrong one, and hold
// partners to their rate limits.
@Injectable()
export class GatewayMiddleware {
  constructor(private readonly admission: RequestAdmission) {}

  handle(request: Request & RequestWithIdentity, response: Response, next: NextFunction): void {
    // These routes carry their own proof. Clients that attach their (now expired) access token to
    // every call must still be able to refresh it.
    if (SELF_PROVING_PATHS.has(request.path)) {
      next();
      return;
    }
    this.admit(request, response, next).catch(next);
  }

  private async admit(
    request: Request & RequestWithIdentity,
    response: Response,
    next: NextFunction,
  ): Promise<void> {
    const admission = await this.admission.admit(request, response, request.path);
    if (!admission.admitted) return sendRefusal(response, admission.refusal);
    if (admission.identity) request.identity = admission.identity;
    next();
  }
}
