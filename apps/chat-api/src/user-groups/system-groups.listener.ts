import { Injectable } from '@nestjs/common';
import { type AccountLifecycleListener, ListensToAccounts } from '../core/accounts/account-lifecycle.js';
import type { RealmEntity } from '../core/accounts/realm.entity.js';
import { type UserEntity, UserRole } from '../core/accounts/user.entity.js';
import type { ChatTransaction } from '../core/events/chat-event.publisher.js';
import {
  directSystemGroupsOf,
  ROLE_SYSTEM_GROUP,
  SystemGroup,
  type SystemGroupName,
} from './system-groups.js';
import { UserGroupEvents } from './user-group.events.js';
import { UserGroupsRepository } from './user-groups.repository.js';

// Keeps the system groups in step with the realm and its roles, as Zulip's realm creation,
// do_create_user and do_change_user_role do: a realm gets its eight groups, an account joins
// its role's group (and role:fullmembers as a member), a role change moves it, each membership
// change announced. Deactivation changes no membership: members are counted only while active.
@Injectable()
@ListensToAccounts()
export class SystemGroupsListener implements AccountLifecycleListener {
  constructor(
    private readonly groups: UserGroupsRepository,
    private readonly events: UserGroupEvents,
  ) {}

  async realmCreated(tx: ChatTransaction, realm: RealmEntity): Promise<void> {
    await this.groups.createSystemGroups(tx, realm.id);
  }

  async userCreated(tx: ChatTransaction, user: UserEntity): Promise<void> {
    for (const name of directSystemGroupsOf(user.role)) await this.join(tx, user, name);
  }

  async roleChanged(tx: ChatTransaction, user: UserEntity, previousRole: UserRole): Promise<void> {
    if (previousRole === user.role) return;
    await this.leave(tx, user, ROLE_SYSTEM_GROUP[previousRole]);
    await this.join(tx, user, ROLE_SYSTEM_GROUP[user.role]);
    if (previousRole === UserRole.MEMBER) await this.leave(tx, user, SystemGroup.FULL_MEMBERS);
    if (user.role === UserRole.MEMBER) await this.join(tx, user, SystemGroup.FULL_MEMBERS);
  }

  private async join(tx: ChatTransaction, user: UserEntity, name: SystemGroupName): Promise<void> {
    for (const groupId of await this.groups.addToSystemGroups(tx, user.realmId, user.id, [name]))
      await this.events.members(tx, user.realmId, 'add_members', groupId, [user.id]);
  }

  private async leave(tx: ChatTransaction, user: UserEntity, name: SystemGroupName): Promise<void> {
    for (const groupId of await this.groups.removeFromSystemGroups(tx, user.realmId, user.id, [name]))
      await this.events.members(tx, user.realmId, 'remove_members', groupId, [user.id]);
  }
}
