import type { MigrationInterface, QueryRunner } from 'typeorm';

// Generated, then completed by hand: TypeORM keeps a generated column's expression in its
// metadata table (which it reads back when comparing entities with the schema) but the
// generator's INSERT came without its values; it does not compare an index's WHERE clause; and
// it does not model fillfactor (see user-message.entity.ts). Adding a stored column rewrites the
// table once.
export class UnreadColumn1795477567146 implements MigrationInterface {
  name = 'UnreadColumn1795477567146';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE IF NOT EXISTS "chat"."typeorm_metadata" ("type" character varying NOT NULL, "database" character varying, "schema" character varying, "table" character varying, "name" character varying, "value" text)',
    );
    await queryRunner.query(
      'ALTER TABLE "chat"."user_message" ADD "unread" boolean GENERATED ALWAYS AS (("flags" & 1) = 0) STORED NOT NULL',
    );
    await queryRunner.query(
      'INSERT INTO "chat"."typeorm_metadata"("database", "schema", "table", "type", "name", "value") VALUES (current_database(), \'chat\', \'user_message\', \'GENERATED_COLUMN\', \'unread\', \'("flags" & 1) = 0\')',
    );
    await queryRunner.query('DROP INDEX "chat"."user_message_unread_idx"');
    await queryRunner.query(
      'CREATE INDEX "user_message_unread_idx" ON "chat"."user_message" ("user_id", "message_id") WHERE "unread"',
    );
    await queryRunner.query('ALTER TABLE "chat"."user_message" SET (fillfactor = 80)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "chat"."user_message" RESET (fillfactor)');
    await queryRunner.query('DROP INDEX "chat"."user_message_unread_idx"');
    await queryRunner.query(
      'CREATE INDEX "user_message_unread_idx" ON "chat"."user_message" ("user_id", "message_id") WHERE ("flags" & 1) = 0',
    );
    await queryRunner.query(
      'DELETE FROM "chat"."typeorm_metadata" WHERE "type" = \'GENERATED_COLUMN\' AND "name" = \'unread\' AND "database" = current_database() AND "schema" = \'chat\' AND "table" = \'user_message\'',
    );
    await queryRunner.query('ALTER TABLE "chat"."user_message" DROP COLUMN "unread"');
  }
}
