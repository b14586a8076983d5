import { GROUP_PERMISSION_SETTINGS, GROUP_SETTING_NAMES } from './group-permission-settings.js';
import type { UserGroupEntity } from './user-group.entity.js';

// A user_group row as raw SQL returns it (RETURNING / SELECT of GROUP_COLUMNS).
export interface StoredGroupRow {
  readonly id: number;
  readonly realm_id: number;
  readonly name: string | null;
  readonly description: string;
  readonly date_created: Date | null;
  readonly creator_id: number | null;
  readonly is_system_group: boolean;
  readonly deactivated: boolean;
  readonly [column: string]: unknown;
}

const SETTING_COLUMNS = GROUP_SETTING_NAMES.map((name) => GROUP_PERMISSION_SETTINGS[name].column);

export const GROUP_COLUMNS = [
  'id',
  'realm_id',
  'name',
  'description',
  'date_created',
  'creator_id',
  'is_system_group',
  'deactivated',
  ...SETTING_COLUMNS,
]
  .map((column) => `"${column}"`)
  .join(', ');

// The same columns of the table aliased `alias`.
export function groupColumnsOf(alias: string): string {
  return GROUP_COLUMNS.split(', ')
    .map((column) => `${alias}.${column}`)
    .join(', ');
}

export function toGroup(row: StoredGroupRow): UserGroupEntity {
  return {
    id: row.id,
    realmId: row.realm_id,
    name: row.name,
    description: row.description,
    dateCreated: row.date_created,
    creatorId: row.creator_id,
    isSystemGroup: row.is_system_group,
    deactivated: row.deactivated,
    canAddMembersGroupId: row['can_add_members_group_id'] as number | null,
    canJoinGroupId: row['can_join_group_id'] as number | null,
    canLeaveGroupId: row['can_leave_group_id'] as number | null,
    canManageGroupId: row['can_manage_group_id'] as number | null,
    canMentionGroupId: row['can_mention_group_id'] as number | null,
    canRemoveMembersGroupId: row['can_remove_members_group_id'] as number | null,
  };
}
