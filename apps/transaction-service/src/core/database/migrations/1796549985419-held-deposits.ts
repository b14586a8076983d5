import type { MigrationInterface, QueryRunner } from 'typeorm';

export class HeldDeposits1796549985419 implements MigrationInterface {
  name = 'HeldDeposits1796549985419';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "transaction"."held_deposit_audit" ("id" uuid NOT NULL, "actor" character varying(100) NOT NULL, "correlation_id" character varying(100), "action" character varying(8) NOT NULL, "deposit_id" character varying(100) NOT NULL, "target" character varying(120), "result" character varying(40) NOT NULL, "reason" character varying(300), "requested_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_1d6f423aa0c41c5aef546f0aca2" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "held_deposit_audit_resolution" ON "transaction"."held_deposit_audit"  ("deposit_id") WHERE "result" = 'resolved'`,
    );
    await queryRunner.query(
      'CREATE INDEX "held_deposit_audit_requested_idx" ON "transaction"."held_deposit_audit"  ("requested_at") ',
    );
    await queryRunner.query('ALTER TABLE "transaction"."refund" ALTER COLUMN "transaction_id" DROP NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "transaction"."refund" ALTER COLUMN "transaction_id" SET NOT NULL');
    await queryRunner.query('DROP INDEX "transaction"."held_deposit_audit_requested_idx"');
    await queryRunner.query('DROP INDEX "transaction"."held_deposit_audit_resolution"');
    await queryRunner.query('DROP TABLE "transaction"."held_deposit_audit"');
  }
}
