import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Payouts1795469935839 implements MigrationInterface {
  name = 'Payouts1795469935839';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "transaction"."payout" ("transaction_id" uuid NOT NULL, "rail" character varying(8) NOT NULL, "amount" numeric(20,2) NOT NULL, "currency" character varying(3) NOT NULL, "status" character varying(12) NOT NULL, "rail_reference" character varying(64), "failure_reason" character varying(120), "attempts" integer NOT NULL, "next_attempt_at" TIMESTAMP WITH TIME ZONE NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_4a5751692f8d3a45a209f28e834" PRIMARY KEY ("transaction_id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "payout_due_idx" ON "transaction"."payout"  ("next_attempt_at") WHERE "status" IN (\'PENDING\', \'SUBMITTED\')',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "transaction"."payout_due_idx"');
    await queryRunner.query('DROP TABLE "transaction"."payout"');
  }
}
