import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { IncomingMessage } from 'node:http';
import { INTERNAL_IDENTITY_HEADER, type InternalIdentity } from '@shared/contracts';
import { AUTH_POLICY, type AuthPolicy } from './auth-policy.js';
import { AuthenticationError } from './authentication.error.js';
import { InternalTokenService } from './internal-token.service.js';

export type RequestWithIdentity = IncomingMessage & { identity?: InternalIdentity };

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
    await authorizeRequest(context.switchToHttp().getRequest<RequestWithIdentity>(), policy, this.tokens);
    return true;
  }
}

// Attaches the caller's identity to the request when it satisfies the policy, and throws
// otherwise. Shared by the guard and by routes served ahead of the framework.
export async function authorizeRequest(
  request: RequestWithIdentity,
  policy: AuthPolicy | undefined,
  tokens: InternalTokenService,
): Promise<void> {
  if (policy === 'public') return;
  // The gateway may already have attached the identity it authenticated itself.
  const identity = request.identity ?? (await verifyForwarded(request, tokens));
  if (!identity || identity.kind !== policy) throw new AuthenticationError('Missing or invalid credentials');
  request.identity = identity;
}

function verifyForwarded(request: IncomingMessage, tokens: InternalTokenService) {
  const token = request.headers[INTERNAL_IDENTITY_HEADER];
  return typeof token === 'string' ? tokens.verify(token) : null;
}
