import type { MigrationInterface, QueryRunner } from 'typeorm';

export class UserSpecialPermissions1795702714895 implements MigrationInterface {
  name = 'UserSpecialPermissions1795702714895';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "chat"."user_special_permission" ("user_id" integer NOT NULL, "realm_id" integer NOT NULL, "can_change_user_emails" boolean NOT NULL DEFAULT false, CONSTRAINT "PK_1f79e5204a5bfc46c7f6094502c" PRIMARY KEY ("user_id"))',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "chat"."user_special_permission"');
  }
}
