import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ReconcileAudit1795470467769 implements MigrationInterface {
  name = 'ReconcileAudit1795470467769';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "transaction"."reconcile_audit" ("id" uuid NOT NULL, "actor" character varying(100) NOT NULL, "correlation_id" character varying(100), "blockchain" character varying(12) NOT NULL, "on_chain_tx" character varying(200) NOT NULL, "requested_transaction_id" uuid, "result" character varying(40) NOT NULL, "transaction_id" uuid, "reason" character varying(300), "requested_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_cba5e1a6494cc671879b10094bd" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "reconcile_audit_tx_idx" ON "transaction"."reconcile_audit"  ("blockchain", "on_chain_tx") ',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "transaction"."reconcile_audit_tx_idx"');
    await queryRunner.query('DROP TABLE "transaction"."reconcile_audit"');
  }
}
