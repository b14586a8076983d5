import type { MigrationInterface, QueryRunner } from 'typeorm';

export class EndpointsDeliveriesAttempts1795466319288 implements MigrationInterface {
  name = 'EndpointsDeliveriesAttempts1795466319288';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "webhook_dispatcher"."webhook_endpoint" ("id" uuid NOT NULL, "partner_id" uuid NOT NULL, "url" character varying(2048) NOT NULL, "secret_sealed" bytea NOT NULL, "secret_created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "previous_secret_sealed" bytea, "previous_secret_expires_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_6c98112122b2b8a4f3984d2efa8" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "webhook_endpoint_partner_uq" ON "webhook_dispatcher"."webhook_endpoint"  ("partner_id") ',
    );
    await queryRunner.query(
      'CREATE TABLE "webhook_dispatcher"."webhook_attempt" ("id" uuid NOT NULL, "delivery_id" uuid NOT NULL, "started_at" TIMESTAMP WITH TIME ZONE NOT NULL, "duration_ms" integer NOT NULL, "outcome" character varying(24) NOT NULL, "status_code" integer, "response_snippet" character varying(200), CONSTRAINT "PK_e4ff77b66cdd20591ba6189a1f9" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "webhook_attempt_delivery_idx" ON "webhook_dispatcher"."webhook_attempt"  ("delivery_id", "started_at") ',
    );
    await queryRunner.query(
      'CREATE TABLE "webhook_dispatcher"."webhook_delivery" ("id" uuid NOT NULL, "partner_id" uuid NOT NULL, "endpoint_id" uuid NOT NULL, "event_id" character varying(200) NOT NULL, "event_type" character varying(40) NOT NULL, "transaction_id" uuid, "sequence" integer, "body" text NOT NULL, "status" character varying(12) NOT NULL, "attempt_count" integer NOT NULL DEFAULT \'0\', "next_attempt_at" TIMESTAMP WITH TIME ZONE, "lease_token" uuid, "leased_until" TIMESTAMP WITH TIME ZONE, "retry_window_started_at" TIMESTAMP WITH TIME ZONE, "last_attempt_at" TIMESTAMP WITH TIME ZONE, "last_status_code" integer, "last_outcome" character varying(24), "delivered_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_b1ae290239a778f12399db91354" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "webhook_delivery_due_idx" ON "webhook_dispatcher"."webhook_delivery"  ("next_attempt_at") WHERE "status" = \'PENDING\'',
    );
    await queryRunner.query(
      'CREATE INDEX "webhook_delivery_order_idx" ON "webhook_dispatcher"."webhook_delivery"  ("endpoint_id", "transaction_id", "sequence") ',
    );
    await queryRunner.query(
      'CREATE INDEX "webhook_delivery_partner_idx" ON "webhook_dispatcher"."webhook_delivery"  ("partner_id", "created_at") ',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "webhook_delivery_event_uq" ON "webhook_dispatcher"."webhook_delivery"  ("endpoint_id", "event_id") ',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "webhook_dispatcher"."webhook_delivery_event_uq"');
    await queryRunner.query('DROP INDEX "webhook_dispatcher"."webhook_delivery_partner_idx"');
    await queryRunner.query('DROP INDEX "webhook_dispatcher"."webhook_delivery_order_idx"');
    await queryRunner.query('DROP INDEX "webhook_dispatcher"."webhook_delivery_due_idx"');
    await queryRunner.query('DROP TABLE "webhook_dispatcher"."webhook_delivery"');
    await queryRunner.query('DROP INDEX "webhook_dispatcher"."webhook_attempt_delivery_idx"');
    await queryRunner.query('DROP TABLE "webhook_dispatcher"."webhook_attempt"');
    await queryRunner.query('DROP INDEX "webhook_dispatcher"."webhook_endpoint_partner_uq"');
    await queryRunner.query('DROP TABLE "webhook_dispatcher"."webhook_endpoint"');
  }
}
