import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Init1795308573798 implements MigrationInterface {
  name = 'Init1795308573798';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "api_gateway"."inbox_message" ("consumer" character varying(100) NOT NULL, "event_id" character varying(200) NOT NULL, "topic" character varying(200) NOT NULL, "processed_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_1903d5e8ceff1afd23054ad3baa" PRIMARY KEY ("consumer", "event_id"))',
    );
    await queryRunner.query(
      'CREATE TABLE "api_gateway"."outbox_message" ("position" BIGSERIAL NOT NULL, "event_id" uuid NOT NULL, "topic" character varying(200) NOT NULL, "message_key" character varying(200) NOT NULL, "payload" jsonb NOT NULL, "correlation_id" character varying(100) NOT NULL, "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL, "published_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_7f18a4003f825f44269f1693c31" UNIQUE ("event_id"), CONSTRAINT "PK_1b93e1f0016d1bccb91f7bf04bf" PRIMARY KEY ("position"))',
    );
    await queryRunner.query(
      'CREATE INDEX "outbox_message_unpublished_idx" ON "api_gateway"."outbox_message"  ("position") WHERE "published_at" IS NULL',
    );
    await queryRunner.query(
      'CREATE TABLE "api_gateway"."api_key" ("id" uuid NOT NULL, "partner_id" uuid NOT NULL, "display_prefix" character varying(16) NOT NULL, "key_hash" character(64) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "revoked_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_3c9751d2a6011ba13e27838105e" UNIQUE ("key_hash"), CONSTRAINT "PK_b1bd840641b8acbaad89c3d8d11" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "api_key_partner_idx" ON "api_gateway"."api_key"  ("partner_id") ');
    await queryRunner.query(
      'CREATE TABLE "api_gateway"."partner" ("id" uuid NOT NULL, "name" character varying(200) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_8f34ff11ddd5459eacbfacd48ca" PRIMARY KEY ("id"))',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "api_gateway"."partner"');
    await queryRunner.query('DROP INDEX "api_gateway"."api_key_partner_idx"');
    await queryRunner.query('DROP TABLE "api_gateway"."api_key"');
    await queryRunner.query('DROP INDEX "api_gateway"."outbox_message_unpublished_idx"');
    await queryRunner.query('DROP TABLE "api_gateway"."outbox_message"');
    await queryRunner.query('DROP TABLE "api_gateway"."inbox_message"');
  }
}
