import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { RequestWithIdentity } from './identity.guard.js';

// The caller's identity as verified by IdentityGuard.
export const CurrentIdentity = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  return context.switchToHttp().getRequest<RequestWithIdentity>().identity;
});
