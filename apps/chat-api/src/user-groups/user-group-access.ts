import { Injectable } from '@nestjs/common';
import type { UnitOfWork } from '@platform/database';
import { type UserEntity, UserRole } from '../core/accounts/user.entity.js';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ChatError } from '../core/http/chat.error.js';
import { UsersRepository } from '../users/users.repository.js';
import {
  GROUP_PERMISSION_SETTINGS,
  type GroupPermissionSetting,
  type GroupSettingName,
  settingGroupId,
} from './group-permission-settings.js';
import {
  REALM_GROUP_SETTINGS,
  REALM_SETTINGS_ALLOWING_EVERYONE,
  type RealmGroupSetting,
} from './system-groups.js';
import type { UserGroupEntity } from './user-group.entity.js';
import { UserGroupsQuery } from './user-groups.query.js';

export const INSUFFICIENT_PERMISSION = 'Insufficient permission';

// Who may do what with a group (zerver/lib/user_groups.py): a permission is membership of the
// setting's group, recursively through subgroups; guests never hold a permission whose setting
// refuses role:everyone.
@Injectable()
export class UserGroupAccess {
  constructor(
    private readonly query: UserGroupsQuery,
    private readonly users: UsersRepository,
  ) {}

  hasPermission(
    groupId: number,
    user: UserEntity,
    setting: GroupPermissionSetting | { readonly allowEveryoneGroup: boolean },
    unit?: UnitOfWork,
  ): Promise<boolean> {
    if (!setting.allowEveryoneGroup && user.role === UserRole.GUEST) return Promise.resolve(false);
    return this.query.isMember(groupId, user.id, false, unit);
  }

  // A realm's group permission (can_create_groups, can_delete_own_message_group…).
  async realmPermits(caller: ChatCaller, setting: RealmGroupSetting, unit?: UnitOfWork): Promise<boolean> {
    const groups = await this.query.systemGroupIds(caller.realm.id, unit);
    const groupId = groups.get(REALM_GROUP_SETTINGS[setting]);
    if (groupId === undefined) return false;
    const allowEveryoneGroup = REALM_SETTINGS_ALLOWING_EVERYONE.has(setting);
    return this.hasPermission(groupId, caller.user, { allowEveryoneGroup }, unit);
  }

  // Zulip's get_user_group_by_id_in_realm.
  async named(
    caller: ChatCaller,
    groupId: number,
    options: { unit?: UnitOfWork; lock?: boolean; allowDeactivated?: boolean } = {},
  ): Promise<UserGroupEntity> {
    const group = await this.query.findNamed(caller.realm.id, groupId, options);
    if (!group) throw ChatError.badRequest('Invalid user group');
    if (!options.allowDeactivated && group.deactivated)
      throw ChatError.badRequest('User group is deactivated.');
    return group;
  }

  // Zulip's access_user_group_for_update: the group, locked, if the caller may change it under
  // `permission`. Managing a group (or all groups) grants every other permission on it.
  async forUpdate(
    caller: ChatCaller,
    groupId: number,
    permission: GroupSettingName,
    unit: UnitOfWork,
    allowDeactivated: boolean,
  ): Promise<UserGroupEntity> {
    const group = await this.named(caller, groupId, { unit, lock: true, allowDeactivated });
    if (group.isSystemGroup) throw ChatError.badRequest(INSUFFICIENT_PERMISSION);
    if (await this.realmPermits(caller, 'can_manage_all_groups', unit)) return group;
    const manage = GROUP_PERMISSION_SETTINGS.can_manage_group;
    if (await this.hasPermission(settingGroupId(group, 'can_manage_group'), caller.user, manage, unit))
      return group;
    if (
      permission !== 'can_manage_group' &&
      (await this.hasPermission(
        settingGroupId(group, permission),
        caller.user,
        GROUP_PERMISSION_SETTINGS[permission],
        unit,
      ))
    )
      return group;
    throw ChatError.badRequest(INSUFFICIENT_PERMISSION);
  }

  // Zulip's user_ids_to_users(allow_deactivated=False): active accounts of the realm, bots
  // included; the first id that is not one is refused.
  async activeUsers(
    caller: ChatCaller,
    userIds: readonly number[],
    unit?: UnitOfWork,
  ): Promise<UserEntity[]> {
    const found = new Map(
      (await this.users.findManyByIds(caller.realm.id, userIds, unit))
        .filter((user) => user.isActive)
        .map((user) => [user.id, user]),
    );
    const missing = userIds.find((id) => !found.has(id));
    if (missing !== undefined) throw ChatError.badRequest(`Invalid user ID: ${missing}`);
    return [...found.values()];
  }
}
