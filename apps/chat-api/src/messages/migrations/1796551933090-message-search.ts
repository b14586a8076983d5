import type { MigrationInterface, QueryRunner } from 'typeorm';

// Costs that do not grow with history. `message_recipient_idx` answers a conversation's messages
// in id order, and so a channel's first message id (min(id), which POST /register sends for every
// channel) in one index probe: without it PostgreSQL walked the primary key from id 1 until it
// met the channel. `search_tsvector` and its GIN index answer full-text search without reading
// every message. Adding the stored column computes it for every existing row (one rewrite of
// the table). Generated, then completed by hand: the generator's metadata INSERT came without its
// values (see unread-column).
export class MessageSearch1796551933090 implements MigrationInterface {
  name = 'MessageSearch1796551933090';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "chat"."message" ADD "search_tsvector" tsvector GENERATED ALWAYS AS (to_tsvector(\'english\'::regconfig, ("topic")::text || \' \' || "rendered_content")) STORED NOT NULL',
    );
    await queryRunner.query(
      'INSERT INTO "chat"."typeorm_metadata"("database", "schema", "table", "type", "name", "value") VALUES (current_database(), \'chat\', \'message\', \'GENERATED_COLUMN\', \'search_tsvector\', $1)',
      [`to_tsvector('english'::regconfig, ("topic")::text || ' ' || "rendered_content")`],
    );
    await queryRunner.query('CREATE INDEX "message_search_idx" ON "chat"."message" USING GIN ("search_tsvector")');
    await queryRunner.query('CREATE INDEX "message_recipient_idx" ON "chat"."message"  ("recipient_id", "id") ');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "chat"."message_recipient_idx"');
    await queryRunner.query('DROP INDEX "chat"."message_search_idx"');
    await queryRunner.query(
      'DELETE FROM "chat"."typeorm_metadata" WHERE "type" = \'GENERATED_COLUMN\' AND "name" = \'search_tsvector\' AND "database" = current_database() AND "schema" = \'chat\' AND "table" = \'message\'',
    );
    await queryRunner.query('ALTER TABLE "chat"."message" DROP COLUMN "search_tsvector"');
  }
}
