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

  // Sync unless the token is new to this process: on the hot routes the guard costs no promise.
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const policy = this.reflector.getAllAndOverride<AuthPolicy | undefined>(AUTH_POLICY, [
      context.getHandler(),
      context.getClass(),
    ]);
    const verifying = authorizeRequest(
      context.switchToHttp().getRequest<RequestWithIdentity>(),
      policy,
      this.tokens,
    );
    return verifying ? verifying.then(() => true) : true;
  }
}

// Attaches the caller's identity to the request when it satisfies the policy, and throws
// otherwise; a promise only while a token this process has not seen yet is verified.
function authorizeRequest(
  request: RequestWithIdentity,
  policy: AuthPolicy | undefined,
  tokens: InternalTokenService,
): Promise<void> | undefined {
  if (policy === 'public') return undefined;
  // The gateway may already have attached the identity it authenticated itself.
  const identity = request.identity ?? forwardedIdentity(request, tokens);
  if (identity instanceof Promise) return identity.then((verified) => attach(request, verified, policy));
  attach(request, identity, policy);
  return undefined;
}

function attach(
  request: RequestWithIdentity,
  identity: InternalIdentity | null,
  policy: AuthPolicy | undefined,
) {
  if (!identity || identity.kind !== policy) throw new AuthenticationError('Missing or invalid credentials');
  request.identity = identity;
}

function forwardedIdentity(
  request: IncomingMessage,
  tokens: InternalTokenService,
): InternalIdentity | null | Promise<InternalIdentity | null> {
  const token = request.headers[INTERNAL_IDENTITY_HEADER];
  if (typeof token !== 'string') return null;
  return tokens.verified(token) ?? tokens.verify(token);
}
