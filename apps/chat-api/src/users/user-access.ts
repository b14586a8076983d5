import { Injectable } from '@nestjs/common';
import type { UnitOfWork } from '@platform/database';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ChatError } from '../core/http/chat.error.js';
import { isAdministrator } from '../core/http/permissions.js';
import type { UserEntity } from '../core/accounts/user.entity.js';
import { UsersRepository } from './users.repository.js';

export interface AccessOptions {
  readonly allowDeactivated?: boolean;
  readonly allowBots?: boolean;
  // The caller must be able to administer the target (Zulip's for_admin).
  readonly forAdmin: boolean;
}

// The user id in Zulip's "dummy" address for a user whose real one is hidden,
// user{id}@{the realm's host}, or null when `email` is not one.
export function dummyEmailUserId(email: string, realmUrl: string): number | null {
  const host = new URL(realmUrl).hostname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`^user([0-9]+)@${host}$`).exec(email);
  return match ? Number(match[1]) : null;
}

// Zulip's can_admin_user: administrators administer everyone, a bot's owner their bot.
export function canAdminister(actor: UserEntity, target: UserEntity): boolean {
  return target.botOwnerId === actor.id || isAdministrator(actor);
}

// Zulip's access_user_by_id / access_user_by_email: the target of a /users/{…} path, with its
// refusals in Zulip's order (unknown, bot, deactivated, not administrable).
@Injectable()
export class UserAccess {
  constructor(private readonly users: UsersRepository) {}

  async byId(caller: ChatCaller, id: number, options: AccessOptions, unit?: UnitOfWork) {
    return this.check(caller, await this.users.findById(caller.realm.id, id, unit), options);
  }

  // A `/users/{user_id}` or `/users/{email}` segment: digits are an id (Zulip's URL patterns);
  // an email is the real address or the dummy user{id}@{realm host} one.
  async bySegment(caller: ChatCaller, segment: string, options: AccessOptions) {
    if (/^[0-9]+$/.test(segment)) return this.byId(caller, Number(segment), options);
    const dummyId = dummyEmailUserId(segment, caller.realm.url);
    if (dummyId !== null) return this.byId(caller, dummyId, options);
    return this.check(caller, await this.users.findByEmail(caller.realm.id, segment), options);
  }

  private check(caller: ChatCaller, target: UserEntity | null, options: AccessOptions): UserEntity {
    // The realm's Notification Bot is one of Zulip's system bots, which live in a realm of their
    // own: nobody administers it.
    if (!target || (options.forAdmin && target.id === caller.realm.notificationBotId))
      throw ChatError.badRequest('No such user');
    if (target.botType !== null && !options.allowBots) throw ChatError.badRequest('No such user');
    if (!target.isActive && !options.allowDeactivated) throw ChatError.badRequest('User is deactivated');
    if (options.forAdmin && !canAdminister(caller.user, target))
      throw ChatError.badRequest('Insufficient permission');
    return target;
  }
}
