import type { MigrationInterface, QueryRunner } from 'typeorm';

export class RateLimits1796620000000 implements MigrationInterface {
  name = 'RateLimits1796620000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "api_gateway"."rate_limit_window" ("subject" character varying(100) NOT NULL, "bucket" character varying(32) NOT NULL, "window_start" bigint NOT NULL, "window_seconds" integer NOT NULL, "hits" integer NOT NULL, "ends_at" bigint NOT NULL, CONSTRAINT "PK_rate_limit_window" PRIMARY KEY ("subject", "bucket", "window_start", "window_seconds"))',
    );
    await queryRunner.query(
      'CREATE INDEX "rate_limit_window_ends_idx" ON "api_gateway"."rate_limit_window" ("ends_at") ',
    );
    await queryRunner.query(
      'CREATE TABLE "api_gateway"."partner_rate_limit" ("partner_id" uuid NOT NULL, "route_class" character varying(32) NOT NULL, "request_limit" integer NOT NULL, "window_seconds" integer NOT NULL, "updated_by" character varying(100) NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_partner_rate_limit" PRIMARY KEY ("partner_id", "route_class"))',
    );
    await queryRunner.query(
      'CREATE TABLE "api_gateway"."partner_rate_limit_audit" ("id" uuid NOT NULL, "actor" character varying(100) NOT NULL, "partner_id" uuid NOT NULL, "from_limits" character varying(400) NOT NULL, "to_limits" character varying(400) NOT NULL, "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_partner_rate_limit_audit" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "partner_rate_limit_audit_occurred_idx" ON "api_gateway"."partner_rate_limit_audit" ("occurred_at") ',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "api_gateway"."partner_rate_limit_audit_occurred_idx"');
    await queryRunner.query('DROP TABLE "api_gateway"."partner_rate_limit_audit"');
    await queryRunner.query('DROP TABLE "api_gateway"."partner_rate_limit"');
    await queryRunner.query('DROP INDEX "api_gateway"."rate_limit_window_ends_idx"');
    await queryRunner.query('DROP TABLE "api_gateway"."rate_limit_window"');
  }
}
