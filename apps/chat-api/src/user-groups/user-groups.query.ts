import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { GROUP_PERMISSION_SETTINGS, GROUP_SETTING_NAMES } from './group-permission-settings.js';
import type { GroupMembers, GroupSettingValue } from './group-setting-value.js';
import { type SystemGroupName } from './system-groups.js';
import { GROUP_COLUMNS, type StoredGroupRow, toGroup } from './user-group.row.js';
import type { UserGroupEntity } from './user-group.entity.js';

// Groups reachable downwards from $1's groups (themselves included), through subgroups.
const RECURSIVE_SUBGROUPS = `WITH RECURSIVE "down"("id") AS (
    SELECT unnest($1::int[])
    UNION SELECT ggm."subgroup_id" FROM "chat"."group_group_membership" AS ggm
    JOIN "down" ON ggm."supergroup_id" = "down"."id")`;

export interface GroupUse {
  // Active named groups having the group as a direct subgroup.
  readonly supergroupIds: number[];
  // Active named groups whose settings use the group, directly or inside an anonymous group.
  readonly settingUses: Array<{ groupId: number; settings: string[] }>;
}

// The reads of user groups. Members are always active accounts (Zulip keeps a deactivated user's
// memberships but never counts them).
@Injectable()
export class UserGroupsQuery {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  // A named group of the realm; `lock` holds its row until the transaction ends.
  async findNamed(
    realmId: number,
    groupId: number,
    options: { unit?: UnitOfWork; lock?: boolean } = {},
  ): Promise<UserGroupEntity | null> {
    if (!Number.isSafeInteger(groupId) || groupId > 2147483647 || groupId < 1) return null;
    const rows = (await entityManagerOf(options.unit, this.dataSource).query(
      `SELECT ${GROUP_COLUMNS} FROM "chat"."user_group"
       WHERE "id" = $1 AND "realm_id" = $2 AND "name" IS NOT NULL${options.lock ? ' FOR UPDATE' : ''}`,
      [groupId, realmId],
    )) as StoredGroupRow[];
    return rows[0] ? toGroup(rows[0]) : null;
  }

  async namedByIds(realmId: number, ids: readonly number[], unit?: UnitOfWork): Promise<UserGroupEntity[]> {
    const rows = (await entityManagerOf(unit, this.dataSource).query(
      `SELECT ${GROUP_COLUMNS} FROM "chat"."user_group"
       WHERE "realm_id" = $1 AND "id" = ANY($2::int[]) AND "name" IS NOT NULL`,
      [realmId, ids.filter((id) => id > 0 && id <= 2147483647)],
    )) as StoredGroupRow[];
    return rows.map(toGroup);
  }

  async systemGroupIds(realmId: number, unit?: UnitOfWork): Promise<Map<SystemGroupName, number>> {
    const rows = (await entityManagerOf(unit, this.dataSource).query(
      `SELECT "id", "name" FROM "chat"."user_group" WHERE "realm_id" = $1 AND "is_system_group"`,
      [realmId],
    )) as Array<{ id: number; name: SystemGroupName }>;
    return new Map(rows.map((row) => [row.name, row.id]));
  }

  async directMemberIds(groupId: number, unit?: UnitOfWork): Promise<number[]> {
    const rows = (await entityManagerOf(unit, this.dataSource).query(
      `SELECT m."user_id" FROM "chat"."user_group_membership" AS m
       JOIN "chat"."user_profile" AS u ON u."id" = m."user_id" AND u."is_active"
       WHERE m."user_group_id" = $1 ORDER BY m."user_id"`,
      [groupId],
    )) as Array<{ user_id: number }>;
    return rows.map((row) => row.user_id);
  }

  // Which of these users are direct members (deactivated ones included, as Zulip's
  // get_direct_memberships_of_users).
  async directMembersAmong(
    groupId: number,
    userIds: readonly number[],
    unit?: UnitOfWork,
  ): Promise<Set<number>> {
    const rows = (await entityManagerOf(unit, this.dataSource).query(
      `SELECT "user_id" FROM "chat"."user_group_membership" WHERE "user_group_id" = $1 AND "user_id" = ANY($2::int[])`,
      [groupId, userIds],
    )) as Array<{ user_id: number }>;
    return new Set(rows.map((row) => row.user_id));
  }

  async recursiveMemberIds(groupId: number, unit?: UnitOfWork): Promise<number[]> {
    return this.recursiveMemberIdsOf([groupId], unit);
  }

  // Every active member of any of these groups, through their subgroups: one statement.
  async recursiveMemberIdsOf(groupIds: readonly number[], unit?: UnitOfWork): Promise<number[]> {
    const rows = (await entityManagerOf(unit, this.dataSource).query(
      `${RECURSIVE_SUBGROUPS}
       SELECT DISTINCT m."user_id" FROM "chat"."user_group_membership" AS m
       JOIN "down" ON m."user_group_id" = "down"."id"
       JOIN "chat"."user_profile" AS u ON u."id" = m."user_id" AND u."is_active"
       ORDER BY m."user_id"`,
      [groupIds],
    )) as Array<{ user_id: number }>;
    return rows.map((row) => row.user_id);
  }

  // Whether an active user is in the group, directly or through its subgroups.
  async isMember(groupId: number, userId: number, directOnly = false, unit?: UnitOfWork): Promise<boolean> {
    const sql = directOnly
      ? `SELECT 1 FROM "chat"."user_group_membership" AS m
         JOIN "chat"."user_profile" AS u ON u."id" = m."user_id" AND u."is_active"
         WHERE m."user_group_id" = ANY($1::int[]) AND m."user_id" = $2`
      : `${RECURSIVE_SUBGROUPS}
         SELECT 1 FROM "chat"."user_group_membership" AS m
         JOIN "down" ON m."user_group_id" = "down"."id"
         JOIN "chat"."user_profile" AS u ON u."id" = m."user_id" AND u."is_active"
         WHERE m."user_id" = $2 LIMIT 1`;
    const rows = (await entityManagerOf(unit, this.dataSource).query(sql, [[groupId], userId])) as unknown[];
    return rows.length > 0;
  }

  async directSubgroupIds(groupId: number, unit?: UnitOfWork): Promise<number[]> {
    const rows = (await entityManagerOf(unit, this.dataSource).query(
      `SELECT "subgroup_id" FROM "chat"."group_group_membership" WHERE "supergroup_id" = $1 ORDER BY "subgroup_id"`,
      [groupId],
    )) as Array<{ subgroup_id: number }>;
    return rows.map((row) => row.subgroup_id);
  }

  // The groups below these (themselves included when `inclusive`), through any depth.
  async recursiveSubgroupIds(
    groupIds: readonly number[],
    inclusive: boolean,
    unit?: UnitOfWork,
  ): Promise<number[]> {
    const rows = (await entityManagerOf(unit, this.dataSource).query(
      `${RECURSIVE_SUBGROUPS.replace(
        'SELECT unnest($1::int[])',
        inclusive
          ? 'SELECT unnest($1::int[])'
          : `SELECT "subgroup_id" FROM "chat"."group_group_membership" WHERE "supergroup_id" = ANY($1::int[])`,
      )}
       SELECT "id" FROM "down" ORDER BY "id"`,
      [groupIds],
    )) as Array<{ id: number }>;
    return rows.map((row) => row.id);
  }

  // Direct active members and direct subgroups of each group, sorted: one statement for all.
  async membersOf(groupIds: readonly number[], unit?: UnitOfWork): Promise<Map<number, GroupMembers>> {
    const rows = (await entityManagerOf(unit, this.dataSource).query(
      `SELECT m."user_group_id" AS "group_id", 'user' AS "kind", m."user_id" AS "member_id"
       FROM "chat"."user_group_membership" AS m
       JOIN "chat"."user_profile" AS u ON u."id" = m."user_id" AND u."is_active"
       WHERE m."user_group_id" = ANY($1::int[])
       UNION ALL
       SELECT "supergroup_id", 'group', "subgroup_id" FROM "chat"."group_group_membership"
       WHERE "supergroup_id" = ANY($1::int[])
       ORDER BY "member_id"`,
      [groupIds],
    )) as Array<{ group_id: number; kind: 'user' | 'group'; member_id: number }>;
    const members = new Map<number, { direct_members: number[]; direct_subgroups: number[] }>(
      groupIds.map((id) => [id, { direct_members: [], direct_subgroups: [] }]),
    );
    for (const row of rows) {
      const entry = members.get(row.group_id)!;
      (row.kind === 'user' ? entry.direct_members : entry.direct_subgroups).push(row.member_id);
    }
    return members;
  }

  // A setting's value as the API shows it: a named group's id, an anonymous group's members.
  async settingValue(groupId: number, unit?: UnitOfWork): Promise<GroupSettingValue> {
    const rows = (await entityManagerOf(unit, this.dataSource).query(
      `SELECT "name" FROM "chat"."user_group" WHERE "id" = $1`,
      [groupId],
    )) as Array<{ name: string | null }>;
    if (rows[0]?.name !== null) return groupId;
    return (await this.membersOf([groupId], unit)).get(groupId)!;
  }

  // The realm's named groups by id (deactivated ones when asked), with the members of every
  // group they and their settings refer to.
  async listNamed(
    realmId: number,
    includeDeactivated: boolean,
  ): Promise<{ groups: UserGroupEntity[]; members: Map<number, GroupMembers> }> {
    const rows = (await this.dataSource.query(
      `SELECT ${GROUP_COLUMNS} FROM "chat"."user_group"
       WHERE "realm_id" = $1 AND "name" IS NOT NULL${includeDeactivated ? '' : ' AND NOT "deactivated"'}
       ORDER BY "id"`,
      [realmId],
    )) as StoredGroupRow[];
    const groups = rows.map(toGroup);
    const ids = new Set(groups.map((group) => group.id));
    for (const group of groups)
      for (const setting of GROUP_SETTING_NAMES) ids.add(group[GROUP_PERMISSION_SETTINGS[setting].field]!);
    return { groups, members: await this.membersOf([...ids]) };
  }

  // Where an active named group of the realm relies on this group (Zulip's objections to its
  // deactivation).
  async usesOf(realmId: number, groupId: number, unit?: UnitOfWork): Promise<GroupUse> {
    const supergroups = (await entityManagerOf(unit, this.dataSource).query(
      `SELECT g."id" FROM "chat"."group_group_membership" AS ggm
       JOIN "chat"."user_group" AS g ON g."id" = ggm."supergroup_id"
       WHERE ggm."subgroup_id" = $1 AND g."name" IS NOT NULL AND NOT g."deactivated" ORDER BY g."id"`,
      [groupId],
    )) as Array<{ id: number }>;
    const settingColumns = GROUP_SETTING_NAMES.map(
      (name) => `CASE WHEN g."${GROUP_PERMISSION_SETTINGS[name].column}" = ANY(u."ids") THEN '${name}' END`,
    );
    const users = (await entityManagerOf(unit, this.dataSource).query(
      `WITH "u"("ids") AS (
         SELECT array_append(array_agg(ggm."supergroup_id"), $2::int)
         FROM "chat"."group_group_membership" AS ggm
         JOIN "chat"."user_group" AS a ON a."id" = ggm."supergroup_id" AND a."name" IS NULL
         WHERE ggm."subgroup_id" = $2)
       SELECT g."id", array_remove(ARRAY[${settingColumns.join(', ')}], NULL) AS "settings"
       FROM "chat"."user_group" AS g, "u"
       WHERE g."realm_id" = $1 AND g."name" IS NOT NULL AND NOT g."deactivated"
       ORDER BY g."id"`,
      [realmId, groupId],
    )) as Array<{ id: number; settings: string[] }>;
    return {
      supergroupIds: supergroups.map((row) => row.id),
      settingUses: users
        .filter((row) => row.settings.length > 0)
        .map((row) => ({ groupId: row.id, settings: row.settings })),
    };
  }

  // Active named groups of the realm with exactly these names (mentions match names exactly).
  async activeByNames(realmId: number, names: readonly string[]): Promise<UserGroupEntity[]> {
    if (names.length === 0) return [];
    const rows = (await this.dataSource.query(
      `SELECT ${GROUP_COLUMNS} FROM "chat"."user_group"
       WHERE "realm_id" = $1 AND "name" = ANY($2::text[]) AND NOT "deactivated"`,
      [realmId, names],
    )) as StoredGroupRow[];
    return rows.map(toGroup);
  }
}
