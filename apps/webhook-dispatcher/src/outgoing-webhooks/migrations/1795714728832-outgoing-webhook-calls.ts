import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OutgoingWebhookCalls1795714728832 implements MigrationInterface {
  name = 'OutgoingWebhookCalls1795714728832';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "webhook_dispatcher"."outgoing_webhook_call" ("request_id" character varying(200) NOT NULL, "request" jsonb NOT NULL, "attempt_count" integer NOT NULL DEFAULT \'0\', "next_attempt_at" TIMESTAMP WITH TIME ZONE NOT NULL, "leased_until" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_dd5ed3d990007fa0600c516015b" PRIMARY KEY ("request_id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "outgoing_webhook_call_due_idx" ON "webhook_dispatcher"."outgoing_webhook_call"  ("next_attempt_at") ',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "webhook_dispatcher"."outgoing_webhook_call_due_idx"');
    await queryRunner.query('DROP TABLE "webhook_dispatcher"."outgoing_webhook_call"');
  }
}
