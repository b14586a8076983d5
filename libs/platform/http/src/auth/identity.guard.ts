import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { INTERNAL_IDENTITY_HEADER, type InternalIdentity } from '@shared/contracts';
import { AUTH_POLICY, type AuthPolicy } from './auth-policy.js';
import { AuthenticationError } from './authentication.error.js';
import { InternalTokenService } from './internal-token.service.js';

export type RequestWithIdentity = Request & { identity?: InternalIdentity };

// Verifies the identity token forwarded by the gateway (or sent by a service) against the
// route's declared policy. A service reached directly, bypassing the gateway, has no token.
@Injectable()
export class IdentityGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: InternalTokenService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = this.reflector.getAllAndOverride<AuthPolicy | undefined>(AUTH_POLICY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (policy === 'public') return true;
    const request = context.switchToHttp().getRequest<RequestWithIdentity>();
    // The gateway may already have attached the identity it authenticated itself.
    const identity = request.identity ?? (await this.verifyForwarded(request));
    if (!identity || identity.kind !== policy) {
      throw new AuthenticationError('Missing or invalid credentials');
    }
    request.identity = identity;
    return true;
  }

  private async verifyForwarded(request: Request): Promise<InternalIdentity | null> {
    const token = request.headers[INTERNAL_IDENTITY_HEADER];
    return typeof token === 'string' ? this.tokens.verify(token) : null;
  }
}
