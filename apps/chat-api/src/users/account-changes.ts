import { Injectable } from '@nestjs/common';
import { AccountLifecycle } from '../core/accounts/account-lifecycle.js';
import { type UserEntity, UserRole } from '../core/accounts/user.entity.js';
import type { ChatTransaction } from '../core/events/chat-event.publisher.js';
import { ChatError } from '../core/http/chat.error.js';
import { checkFullName } from './full-name.js';
import { RealmUserEvents } from './realm-user-events.js';
import { avatarUrl } from './user.presenter.js';
import { UsersRepository } from './users.repository.js';

// Zulip's do_change_user_role, check_change_full_name and do_change_user_delivery_email, inside
// the caller's transaction, once the caller's permission is settled.
@Injectable()
export class AccountChanges {
  constructor(
    private readonly users: UsersRepository,
    private readonly events: RealmUserEvents,
    private readonly lifecycle: AccountLifecycle,
  ) {}

  async changeRole(tx: ChatTransaction, target: UserEntity, role: UserRole): Promise<void> {
    if (target.role === UserRole.OWNER && (await this.isOnlyOwner(tx, target)))
      throw ChatError.badRequest('The owner permission cannot be removed from the only organization owner.');
    await this.users.update(tx, target.realmId, target.id, { role });
    await this.events.update(tx, target.realmId, { user_id: target.id, role });
    const previousRole = target.role;
    target.role = role;
    await this.lifecycle.roleChanged(tx, target, previousRole);
  }

  async changeFullName(tx: ChatTransaction, target: UserEntity, raw: string): Promise<void> {
    const fullName = checkFullName(raw);
    await this.users.update(tx, target.realmId, target.id, { fullName });
    target.fullName = fullName;
    const person = { user_id: target.id, full_name: fullName };
    await this.events.update(tx, target.realmId, person);
    if (target.botType !== null) await this.events.updateBot(tx, target, { full_name: fullName });
  }

  // Every address is visible to everyone here (email_address_visibility "everyone"), so the
  // public email changes with the delivery one, and the Gravatar with both.
  async changeEmail(tx: ChatTransaction, target: UserEntity, email: string): Promise<void> {
    const holder = await this.users.findByEmail(target.realmId, email, tx);
    if (holder)
      throw ChatError.badRequest(
        `New email value error: ${holder.isActive ? 'Already has an account.' : 'Account has been deactivated.'}`,
      );
    await this.users.update(tx, target.realmId, target.id, { email, emailKey: email.toLowerCase() });
    target.email = email;
    target.emailKey = email.toLowerCase();
    await this.events.update(tx, target.realmId, { user_id: target.id, delivery_email: email });
    if (target.botType !== null) await this.events.updateBot(tx, target, { avatar_url: avatarUrl(target) });
    await this.events.update(tx, target.realmId, {
      avatar_source: 'G',
      avatar_url: avatarUrl(target),
      avatar_url_medium: avatarUrl(target, { medium: true }),
      avatar_version: 1,
      user_id: target.id,
    });
    await this.events.update(tx, target.realmId, { user_id: target.id, new_email: email });
  }

  // Zulip's check_last_owner (it counts the active human owners, the target among them or not),
  // read in the change's transaction.
  async isOnlyOwner(tx: ChatTransaction, target: UserEntity): Promise<boolean> {
    if (target.role !== UserRole.OWNER || target.botType !== null) return false;
    return (await this.users.activeHumanOwnerIds(target.realmId, tx)).length === 1;
  }
}
