import type { MigrationInterface, QueryRunner } from 'typeorm';

export class UserGroupsBackfill1795702980998 implements MigrationInterface {
  name = 'UserGroupsBackfill1795702980998';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Realms created before user groups get their system groups now, as a new realm does (see
    // UserGroupsRepository.createSystemGroups; a migration keeps its own copy of the rules it
    // applied): the eight groups, their settings at role:nobody, their chain of subgroups, and
    // every account in its role's group (members in role:fullmembers too). Set-based: four
    // statements whatever the number of realms and accounts.
    await queryRunner.query(`
      INSERT INTO "chat"."user_group" ("realm_id", "name", "description", "is_system_group")
      SELECT r."id", g."name", g."description", true
      FROM "chat"."realm" AS r CROSS JOIN (VALUES
        (1, 'role:nobody', 'Nobody'),
        (2, 'role:owners', 'Owners of this organization'),
        (3, 'role:administrators', 'Administrators of this organization, including owners'),
        (4, 'role:moderators', 'Moderators of this organization, including administrators'),
        (5, 'role:fullmembers', 'Members of this organization, not including new accounts and guests'),
        (6, 'role:members', 'Members of this organization, not including guests'),
        (7, 'role:everyone', 'Everyone in this organization, including guests'),
        (8, 'role:internet', 'Everyone on the Internet')
      ) AS g("ord", "name", "description")
      ORDER BY r."id", g."ord"`);
    await queryRunner.query(`
      UPDATE "chat"."user_group" AS g SET
        "can_add_members_group_id" = n."id", "can_join_group_id" = n."id", "can_leave_group_id" = n."id",
        "can_manage_group_id" = n."id", "can_mention_group_id" = n."id", "can_remove_members_group_id" = n."id"
      FROM "chat"."user_group" AS n
      WHERE g."is_system_group" AND n."realm_id" = g."realm_id" AND n."is_system_group" AND n."name" = 'role:nobody'`);
    await queryRunner.query(`
      INSERT INTO "chat"."group_group_membership" ("supergroup_id", "subgroup_id")
      SELECT sup."id", sub."id"
      FROM (VALUES
        ('role:owners', 'role:administrators'), ('role:administrators', 'role:moderators'),
        ('role:moderators', 'role:fullmembers'), ('role:fullmembers', 'role:members'),
        ('role:members', 'role:everyone'), ('role:everyone', 'role:internet')
      ) AS link("sub", "sup")
      JOIN "chat"."user_group" AS sub ON sub."is_system_group" AND sub."name" = link."sub"
      JOIN "chat"."user_group" AS sup
        ON sup."realm_id" = sub."realm_id" AND sup."is_system_group" AND sup."name" = link."sup"`);
    await queryRunner.query(`
      INSERT INTO "chat"."user_group_membership" ("user_group_id", "user_id")
      SELECT g."id", u."id"
      FROM "chat"."user_profile" AS u
      JOIN (VALUES
        (100, 'role:owners'), (200, 'role:administrators'), (300, 'role:moderators'),
        (400, 'role:members'), (400, 'role:fullmembers'), (600, 'role:everyone')
      ) AS rg("role", "name") ON rg."role" = u."role"
      JOIN "chat"."user_group" AS g ON g."realm_id" = u."realm_id" AND g."is_system_group" AND g."name" = rg."name"`);
  }

  async down(): Promise<void> {
    // Nothing to undo here: the groups go with their tables (UserGroups1795702980997's down).
  }
}
