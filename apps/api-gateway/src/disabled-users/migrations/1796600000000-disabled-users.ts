import type { MigrationInterface, QueryRunner } from 'typeorm';

export class DisabledUsers1796600000000 implements MigrationInterface {
  name = 'DisabledUsers1796600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "api_gateway"."disabled_user" ("partner_id" uuid NOT NULL, "user_id" character varying(128) NOT NULL, "disabled_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_disabled_user" PRIMARY KEY ("partner_id", "user_id"))',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "api_gateway"."disabled_user"');
  }
}
