import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { UserEntity } from './user.entity.js';
import type { RealmEntity } from './realm.entity.js';
import type { ChatRequest } from '../http/chat-request.js';

// The authenticated user of a chat request and their realm: every lookup is scoped by it.
export interface ChatCaller {
  readonly user: UserEntity;
  readonly realm: RealmEntity;
}

export const CurrentCaller = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  const caller = context.switchToHttp().getRequest<ChatRequest>().chatCaller;
  if (!caller) throw new Error('CurrentCaller used on a route without chat authentication');
  return caller;
});
