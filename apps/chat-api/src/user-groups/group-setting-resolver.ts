import { Injectable } from '@nestjs/common';
import type { UnitOfWork } from '@platform/database';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ChatError } from '../core/http/chat.error.js';
import { GROUP_PERMISSION_SETTINGS, type GroupSettingName } from './group-permission-settings.js';
import { checkSystemGroupAllowed, type GroupSettingValue } from './group-setting-value.js';
import { UserGroupAccess } from './user-group-access.js';
import { UserGroupsQuery } from './user-groups.query.js';
import { UserGroupsRepository } from './user-groups.repository.js';

// Zulip's access_user_group_for_setting: the group a setting will point at. A named group must
// be an active group of the realm the setting accepts; members and subgroups make an anonymous
// group, reusing the one the setting already has (its members replaced).
@Injectable()
export class GroupSettingResolver {
  constructor(
    private readonly access: UserGroupAccess,
    private readonly query: UserGroupsQuery,
    private readonly groups: UserGroupsRepository,
  ) {}

  async resolve(
    caller: ChatCaller,
    unit: UnitOfWork,
    setting: GroupSettingName,
    value: GroupSettingValue,
    currentGroupId?: number,
  ): Promise<number> {
    if (typeof value === 'number') {
      const group = await this.access.named(caller, value, { unit, lock: true });
      checkSystemGroupAllowed(setting, group.name!, GROUP_PERMISSION_SETTINGS[setting]);
      return group.id;
    }
    const current = currentGroupId === undefined ? null : await this.query.settingValue(currentGroupId, unit);
    const users = await this.access.activeUsers(caller, value.direct_members, unit);
    const subgroups = await this.query.namedByIds(caller.realm.id, value.direct_subgroups, unit);
    const missing = value.direct_subgroups.find((id) => !subgroups.some((group) => group.id === id));
    if (missing !== undefined) throw ChatError.badRequest(`Invalid user group ID: ${missing}`);
    if (subgroups.some((group) => group.deactivated))
      throw ChatError.badRequest('User group is deactivated.');
    const userIds = users.map((user) => user.id);
    const subgroupIds = subgroups.map((group) => group.id);
    if (current !== null && typeof current !== 'number') {
      await this.groups.replaceDirectMembers(unit, currentGroupId!, userIds, subgroupIds);
      return currentGroupId!;
    }
    return this.groups.insertAnonymous(unit, caller.realm.id, userIds, subgroupIds);
  }
}
