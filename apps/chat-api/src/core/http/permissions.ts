import type { ChatCaller } from './chat-caller.js';
import { ChatError } from './chat.error.js';
import type { ChatAccess } from './chat-route.js';
import { type UserEntity, UserRole } from '../accounts/user.entity.js';

export function isAdministrator(user: UserEntity): boolean {
  return user.role === UserRole.OWNER || user.role === UserRole.ADMINISTRATOR;
}

// "Administrator" checks accept owners, as Zulip's do.
export function requireAdministrator(caller: ChatCaller): void {
  if (!isAdministrator(caller.user)) throw ChatError.administratorRequired();
}

export function requireOwner(caller: ChatCaller): void {
  if (caller.user.role !== UserRole.OWNER) throw ChatError.ownerRequired();
}

export function requireAccess(caller: ChatCaller, access: ChatAccess): void {
  switch (access) {
    case 'none':
    case 'user':
      return;
    case 'member':
      if (caller.user.role === UserRole.GUEST) throw ChatError.badRequest('Not allowed for guest users');
      return;
    case 'human-member':
      requireAccess(caller, 'member');
      return requireAccess(caller, 'human');
    case 'human':
      if (caller.user.botType !== null)
        throw ChatError.badRequest('This endpoint does not accept bot requests.');
      return;
    case 'administrator':
      return requireAdministrator(caller);
    case 'owner':
      return requireOwner(caller);
  }
}
