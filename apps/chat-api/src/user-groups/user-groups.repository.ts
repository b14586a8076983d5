import { Injectable } from '@nestjs/common';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import {
  GROUP_PERMISSION_SETTINGS,
  GROUP_SETTING_NAMES,
  type GroupSettingName,
} from './group-permission-settings.js';
import { SYSTEM_GROUPS, SystemGroup, type SystemGroupName } from './system-groups.js';
import { GROUP_COLUMNS, type StoredGroupRow, toGroup } from './user-group.row.js';
import type { UserGroupEntity } from './user-group.entity.js';

export interface NewNamedGroup {
  readonly realmId: number;
  readonly name: string;
  readonly description: string;
  readonly creatorId: number;
  readonly dateCreated: Date;
  readonly settings: Readonly<Record<GroupSettingName, number>>;
}

// The writes of user groups, each one statement whatever the number of rows.
@Injectable()
export class UserGroupsRepository {
  // The realm's eight system groups, their settings (all role:nobody, as Zulip's) and their
  // chain of subgroups (owners ⊂ administrators ⊂ … ⊂ internet).
  async createSystemGroups(unit: UnitOfWork, realmId: number): Promise<void> {
    const manager = entityManagerOf(unit);
    await manager.query(
      `INSERT INTO "chat"."user_group" ("realm_id", "name", "description", "is_system_group")
       SELECT $1, g."name", g."description", true
       FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS g("name", "description", "ord")
       ORDER BY g."ord"`,
      [realmId, SYSTEM_GROUPS.map((group) => group.name), SYSTEM_GROUPS.map((group) => group.description)],
    );
    const nobody = GROUP_SETTING_NAMES.map((name) => `"${GROUP_PERMISSION_SETTINGS[name].column}" = n."id"`);
    await manager.query(
      `UPDATE "chat"."user_group" AS g SET ${nobody.join(', ')}
       FROM "chat"."user_group" AS n
       WHERE g."realm_id" = $1 AND g."is_system_group" AND n."realm_id" = $1 AND n."name" = $2`,
      [realmId, SystemGroup.NOBODY],
    );
    // role:nobody is nobody's subgroup: the chain starts at role:owners.
    const chain = SYSTEM_GROUPS.slice(1).map((group) => group.name);
    await manager.query(
      `INSERT INTO "chat"."group_group_membership" ("supergroup_id", "subgroup_id")
       SELECT sup."id", sub."id"
       FROM unnest($2::text[], $3::text[]) AS link("sub", "sup")
       JOIN "chat"."user_group" AS sub ON sub."realm_id" = $1 AND sub."name" = link."sub"
       JOIN "chat"."user_group" AS sup ON sup."realm_id" = $1 AND sup."name" = link."sup"`,
      [realmId, chain.slice(0, -1), chain.slice(1)],
    );
  }

  // Puts one user directly into these system groups; answers the groups' ids in the order given.
  async addToSystemGroups(
    unit: UnitOfWork,
    realmId: number,
    userId: number,
    names: readonly SystemGroupName[],
  ): Promise<number[]> {
    const rows = (await entityManagerOf(unit).query(
      `INSERT INTO "chat"."user_group_membership" ("user_group_id", "user_id")
       SELECT g."id", $3 FROM "chat"."user_group" AS g
       WHERE g."realm_id" = $1 AND g."is_system_group" AND g."name" = ANY($2::text[])
       ON CONFLICT DO NOTHING
       RETURNING "user_group_id"`,
      [realmId, names, userId],
    )) as Array<{ user_group_id: number }>;
    return rows.map((row) => row.user_group_id);
  }

  // Takes one user out of these system groups; answers the groups' ids it left.
  async removeFromSystemGroups(
    unit: UnitOfWork,
    realmId: number,
    userId: number,
    names: readonly SystemGroupName[],
  ): Promise<number[]> {
    const [rows] = (await entityManagerOf(unit).query(
      `DELETE FROM "chat"."user_group_membership" AS m USING "chat"."user_group" AS g
       WHERE m."user_group_id" = g."id" AND m."user_id" = $3
         AND g."realm_id" = $1 AND g."is_system_group" AND g."name" = ANY($2::text[])
       RETURNING m."user_group_id"`,
      [realmId, names, userId],
    )) as [Array<{ user_group_id: number }>, number];
    return rows.map((row) => row.user_group_id);
  }

  // Null when the realm already has a group of that name.
  async insertNamed(unit: UnitOfWork, group: NewNamedGroup): Promise<UserGroupEntity | null> {
    const columns = GROUP_SETTING_NAMES.map((name) => `"${GROUP_PERMISSION_SETTINGS[name].column}"`);
    const values = GROUP_SETTING_NAMES.map((name) => group.settings[name]);
    const placeholders = values.map((_value, index) => `$${index + 6}`);
    const rows = (await entityManagerOf(unit).query(
      `INSERT INTO "chat"."user_group"
         ("realm_id", "name", "description", "creator_id", "date_created", ${columns.join(', ')})
       VALUES ($1, $2, $3, $4, $5, ${placeholders.join(', ')})
       ON CONFLICT DO NOTHING
       RETURNING ${GROUP_COLUMNS}`,
      [group.realmId, group.name, group.description, group.creatorId, group.dateCreated, ...values],
    )) as StoredGroupRow[];
    return rows[0] ? toGroup(rows[0]) : null;
  }

  // An anonymous group holding one setting's members.
  async insertAnonymous(
    unit: UnitOfWork,
    realmId: number,
    userIds: readonly number[],
    subgroupIds: readonly number[],
  ): Promise<number> {
    const [row] = (await entityManagerOf(unit).query(
      `INSERT INTO "chat"."user_group" ("realm_id") VALUES ($1) RETURNING "id"`,
      [realmId],
    )) as Array<{ id: number }>;
    await this.replaceDirectMembers(unit, row!.id, userIds, subgroupIds);
    return row!.id;
  }

  // An anonymous group's members become these (Zulip reuses a setting's anonymous group).
  async replaceDirectMembers(
    unit: UnitOfWork,
    groupId: number,
    userIds: readonly number[],
    subgroupIds: readonly number[],
  ): Promise<void> {
    const manager = entityManagerOf(unit);
    await manager.query(`DELETE FROM "chat"."user_group_membership" WHERE "user_group_id" = $1`, [groupId]);
    await manager.query(`DELETE FROM "chat"."group_group_membership" WHERE "supergroup_id" = $1`, [groupId]);
    await this.addMembers(unit, groupId, userIds);
    await this.addSubgroups(unit, groupId, subgroupIds);
  }

  // An anonymous group no setting uses any more.
  async deleteAnonymous(unit: UnitOfWork, groupId: number): Promise<void> {
    const manager = entityManagerOf(unit);
    await manager.query(`DELETE FROM "chat"."user_group_membership" WHERE "user_group_id" = $1`, [groupId]);
    await manager.query(`DELETE FROM "chat"."group_group_membership" WHERE "supergroup_id" = $1`, [groupId]);
    await manager.query(`DELETE FROM "chat"."user_group" WHERE "id" = $1 AND "name" IS NULL`, [groupId]);
  }

  async addMembers(unit: UnitOfWork, groupId: number, userIds: readonly number[]): Promise<void> {
    if (userIds.length === 0) return;
    await entityManagerOf(unit).query(
      `INSERT INTO "chat"."user_group_membership" ("user_group_id", "user_id")
       SELECT $1, u FROM unnest($2::int[]) AS u ON CONFLICT DO NOTHING`,
      [groupId, userIds],
    );
  }

  async removeMembers(unit: UnitOfWork, groupId: number, userIds: readonly number[]): Promise<void> {
    await entityManagerOf(unit).query(
      `DELETE FROM "chat"."user_group_membership" WHERE "user_group_id" = $1 AND "user_id" = ANY($2::int[])`,
      [groupId, userIds],
    );
  }

  async addSubgroups(unit: UnitOfWork, groupId: number, subgroupIds: readonly number[]): Promise<void> {
    if (subgroupIds.length === 0) return;
    await entityManagerOf(unit).query(
      `INSERT INTO "chat"."group_group_membership" ("supergroup_id", "subgroup_id")
       SELECT $1, s FROM unnest($2::int[]) AS s ON CONFLICT DO NOTHING`,
      [groupId, subgroupIds],
    );
  }

  async removeSubgroups(unit: UnitOfWork, groupId: number, subgroupIds: readonly number[]): Promise<void> {
    await entityManagerOf(unit).query(
      `DELETE FROM "chat"."group_group_membership" WHERE "supergroup_id" = $1 AND "subgroup_id" = ANY($2::int[])`,
      [groupId, subgroupIds],
    );
  }

  // Holds these groups' rows until the transaction ends (subgroup changes lock them first, so
  // concurrent changes cannot build a cycle).
  async lock(unit: UnitOfWork, groupIds: readonly number[]): Promise<void> {
    await entityManagerOf(unit).query(
      `SELECT 1 FROM "chat"."user_group" WHERE "id" = ANY($1::int[]) ORDER BY "id" FOR UPDATE`,
      [groupIds],
    );
  }

  // False when another group of the realm already has the name.
  async rename(unit: UnitOfWork, groupId: number, name: string): Promise<boolean> {
    const [rows] = (await entityManagerOf(unit).query(
      `UPDATE "chat"."user_group" AS g SET "name" = $2 WHERE g."id" = $1
         AND NOT EXISTS (SELECT 1 FROM "chat"."user_group" AS o
                         WHERE o."realm_id" = g."realm_id" AND o."name" = $2 AND o."id" <> g."id")
       RETURNING g."id"`,
      [groupId, name],
    )) as [unknown[], number];
    return rows.length === 1;
  }

  async setDescription(unit: UnitOfWork, groupId: number, description: string): Promise<void> {
    await entityManagerOf(unit).query(`UPDATE "chat"."user_group" SET "description" = $2 WHERE "id" = $1`, [
      groupId,
      description,
    ]);
  }

  async setDeactivated(unit: UnitOfWork, groupId: number, deactivated: boolean): Promise<void> {
    await entityManagerOf(unit).query(`UPDATE "chat"."user_group" SET "deactivated" = $2 WHERE "id" = $1`, [
      groupId,
      deactivated,
    ]);
  }

  async setSetting(
    unit: UnitOfWork,
    groupId: number,
    setting: GroupSettingName,
    valueGroupId: number,
  ): Promise<void> {
    await entityManagerOf(unit).query(
      `UPDATE "chat"."user_group" SET "${GROUP_PERMISSION_SETTINGS[setting].column}" = $2 WHERE "id" = $1`,
      [groupId, valueGroupId],
    );
  }
}
