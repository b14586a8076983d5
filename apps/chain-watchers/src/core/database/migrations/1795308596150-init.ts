import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Init1795308596150 implements MigrationInterface {
  name = 'Init1795308596150';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "chain_watchers"."inbox_message" ("consumer" character varying(100) NOT NULL, "event_id" character varying(200) NOT NULL, "topic" character varying(200) NOT NULL, "processed_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_1903d5e8ceff1afd23054ad3baa" PRIMARY KEY ("consumer", "event_id"))',
    );
    await queryRunner.query(
      'CREATE TABLE "chain_watchers"."outbox_message" ("position" BIGSERIAL NOT NULL, "event_id" uuid NOT NULL, "topic" character varying(200) NOT NULL, "message_key" character varying(200) NOT NULL, "payload" jsonb NOT NULL, "correlation_id" character varying(100) NOT NULL, "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL, "published_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_7f18a4003f825f44269f1693c31" UNIQUE ("event_id"), CONSTRAINT "PK_1b93e1f0016d1bccb91f7bf04bf" PRIMARY KEY ("position"))',
    );
    await queryRunner.query(
      'CREATE INDEX "outbox_message_unpublished_idx" ON "chain_watchers"."outbox_message"  ("position") WHERE "published_at" IS NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "chain_watchers"."outbox_message_unpublished_idx"');
    await queryRunner.query('DROP TABLE "chain_watchers"."outbox_message"');
    await queryRunner.query('DROP TABLE "chain_watchers"."inbox_message"');
  }
}
