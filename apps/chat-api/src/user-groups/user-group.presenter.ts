import { unixSeconds } from '../core/http/python-isoformat.js';
import { GROUP_SETTING_NAMES, type GroupSettingName, settingGroupId } from './group-permission-settings.js';
import type { GroupMembers, GroupSettingValue } from './group-setting-value.js';
import type { UserGroupEntity } from './user-group.entity.js';

const NO_MEMBERS: GroupMembers = { direct_members: [], direct_subgroups: [] };

// A setting's API value: the id of a named group, the members of an anonymous one.
function settingValues(
  group: UserGroupEntity,
  namedIds: ReadonlySet<number>,
  members: ReadonlyMap<number, GroupMembers>,
): Record<GroupSettingName, GroupSettingValue> {
  const values = {} as Record<GroupSettingName, GroupSettingValue>;
  for (const setting of GROUP_SETTING_NAMES) {
    const id = settingGroupId(group, setting);
    values[setting] = namedIds.has(id) ? id : (members.get(id) ?? NO_MEMBERS);
  }
  return values;
}

function dateCreated(group: UserGroupEntity): number | null {
  return group.dateCreated ? unixSeconds(group.dateCreated) : null;
}

// The groups of GET /user_groups and `realm_user_groups` (Zulip's UserGroupDict, its key order).
export function userGroupRows(
  groups: readonly UserGroupEntity[],
  members: ReadonlyMap<number, GroupMembers>,
) {
  const namedIds = new Set(groups.map((group) => group.id));
  return groups.map((group) => {
    const own = members.get(group.id) ?? NO_MEMBERS;
    return {
      id: group.id,
      name: group.name,
      creator_id: group.creatorId,
      date_created: dateCreated(group),
      description: group.description,
      members: own.direct_members,
      direct_subgroup_ids: own.direct_subgroups,
      is_system_group: group.isSystemGroup,
      ...settingValues(group, namedIds, members),
      deactivated: group.deactivated,
    };
  });
}

// The `user_group` `add` event of a created (or reactivated) group, in Zulip's key order.
export function groupAddEvent(
  group: UserGroupEntity,
  memberIds: readonly number[],
  subgroupIds: readonly number[],
  settings: Record<GroupSettingName, GroupSettingValue>,
  forReactivation: boolean,
) {
  return {
    type: 'user_group',
    op: 'add',
    group: {
      name: group.name,
      creator_id: group.creatorId,
      date_created: dateCreated(group),
      members: memberIds,
      description: group.description,
      id: group.id,
      is_system_group: group.isSystemGroup,
      direct_subgroup_ids: subgroupIds,
      ...settings,
      deactivated: false,
    },
    for_reactivation: forReactivation,
  };
}
