import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ChatError } from '../core/http/chat.error.js';
import { INSUFFICIENT_PERMISSION, UserGroupAccess } from './user-group-access.js';

// Zulip's require_user_group_create_permission: the realm's can_create_groups is checked
// before any parameter is read (a guard runs after authentication, before the parameters).
@Injectable()
export class GroupCreationGuard implements CanActivate {
  constructor(private readonly access: UserGroupAccess) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const caller = context.switchToHttp().getRequest<{ chatCaller?: ChatCaller }>().chatCaller!;
    if (!(await this.access.realmPermits(caller, 'can_create_groups')))
      throw ChatError.badRequest(INSUFFICIENT_PERMISSION);
    return true;
  }
}
