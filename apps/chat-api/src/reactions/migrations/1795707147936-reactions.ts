import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Reactions1795707147936 implements MigrationInterface {
  name = 'Reactions1795707147936';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "chat"."reaction" ("id" SERIAL NOT NULL, "realm_id" integer NOT NULL, "message_id" integer NOT NULL, "user_id" integer NOT NULL, "emoji_name" text NOT NULL, "emoji_code" text NOT NULL, "reaction_type" character varying(30) NOT NULL, CONSTRAINT "PK_41fbb346da22da4df129f14b11e" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "reaction_user_emoji_uniq" ON "chat"."reaction"  ("user_id", "message_id", "reaction_type", "emoji_code") ',
    );
    await queryRunner.query('CREATE INDEX "reaction_message_idx" ON "chat"."reaction"  ("message_id") ');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "chat"."reaction_message_idx"');
    await queryRunner.query('DROP INDEX "chat"."reaction_user_emoji_uniq"');
    await queryRunner.query('DROP TABLE "chat"."reaction"');
  }
}
