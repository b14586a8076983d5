import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { UserEntity } from '../accounts/user.entity.js';
import type { RealmEntity } from '../accounts/realm.entity.js';

// The authenticated user of a chat request and their realm: every lookup is scoped by it.
export interface ChatCaller {
  readonly user: UserEntity;
  readonly realm: RealmEntity;
}

// Set by the auth feature's guard (see ChatRequest).
export const CurrentCaller = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  const caller = context.switchToHttp().getRequest<{ chatCaller?: ChatCaller }>().chatCaller;
  if (!caller) throw new Error('CurrentCaller used on a route without chat authentication');
  return caller;
});
