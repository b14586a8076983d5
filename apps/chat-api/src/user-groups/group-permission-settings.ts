import { SystemGroup, type SystemGroupName } from './system-groups.js';
import type { UserGroupEntity } from './user-group.entity.js';

export type GroupSettingName =
  | 'can_add_members_group'
  | 'can_join_group'
  | 'can_leave_group'
  | 'can_manage_group'
  | 'can_mention_group'
  | 'can_remove_members_group';

// The group's creator alone, as an anonymous group (Zulip's "group_creator" default).
export const GROUP_CREATOR = 'group_creator';

export interface GroupPermissionSetting {
  readonly allowInternetGroup: boolean;
  readonly allowNobodyGroup: boolean;
  readonly allowEveryoneGroup: boolean;
  // The spec's row for POST /user_groups/create: can_mention_group cannot be role:owners.
  readonly allowOwnersGroup: boolean;
  readonly defaultGroup: SystemGroupName | typeof GROUP_CREATOR;
  // The column of user_group holding the setting's group id. Every system group's settings
  // are role:nobody.
  readonly column: string;
  readonly field: SettingField;
}

type SettingField =
  | 'canAddMembersGroupId'
  | 'canJoinGroupId'
  | 'canLeaveGroupId'
  | 'canManageGroupId'
  | 'canMentionGroupId'
  | 'canRemoveMembersGroupId';

// NamedUserGroup.GROUP_PERMISSION_SETTINGS of Zulip 11, in its order (the order settings are
// validated and applied in), with the spec's restriction on can_mention_group.
export const GROUP_PERMISSION_SETTINGS: Readonly<Record<GroupSettingName, GroupPermissionSetting>> = {
  can_add_members_group: {
    allowInternetGroup: false,
    allowNobodyGroup: true,
    allowEveryoneGroup: false,
    allowOwnersGroup: true,
    defaultGroup: GROUP_CREATOR,
    column: 'can_add_members_group_id',
    field: 'canAddMembersGroupId',
  },
  can_join_group: {
    allowInternetGroup: false,
    allowNobodyGroup: true,
    allowEveryoneGroup: false,
    allowOwnersGroup: true,
    defaultGroup: SystemGroup.NOBODY,
    column: 'can_join_group_id',
    field: 'canJoinGroupId',
  },
  can_leave_group: {
    allowInternetGroup: false,
    allowNobodyGroup: true,
    allowEveryoneGroup: true,
    allowOwnersGroup: true,
    defaultGroup: SystemGroup.EVERYONE,
    column: 'can_leave_group_id',
    field: 'canLeaveGroupId',
  },
  can_manage_group: {
    allowInternetGroup: false,
    allowNobodyGroup: true,
    allowEveryoneGroup: false,
    allowOwnersGroup: true,
    defaultGroup: GROUP_CREATOR,
    column: 'can_manage_group_id',
    field: 'canManageGroupId',
  },
  can_mention_group: {
    allowInternetGroup: false,
    allowNobodyGroup: true,
    allowEveryoneGroup: true,
    allowOwnersGroup: false,
    defaultGroup: SystemGroup.EVERYONE,
    column: 'can_mention_group_id',
    field: 'canMentionGroupId',
  },
  can_remove_members_group: {
    allowInternetGroup: false,
    allowNobodyGroup: true,
    allowEveryoneGroup: false,
    allowOwnersGroup: true,
    defaultGroup: SystemGroup.NOBODY,
    column: 'can_remove_members_group_id',
    field: 'canRemoveMembersGroupId',
  },
};

export const GROUP_SETTING_NAMES = Object.keys(GROUP_PERMISSION_SETTINGS) as GroupSettingName[];

// The group a named group's setting points at (always set on a named group).
export function settingGroupId(group: UserGroupEntity, setting: GroupSettingName): number {
  return group[GROUP_PERMISSION_SETTINGS[setting].field]!;
}
