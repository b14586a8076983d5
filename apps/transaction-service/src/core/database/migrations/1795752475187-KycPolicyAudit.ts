import type { MigrationInterface, QueryRunner } from 'typeorm';

export class KycPolicyAudit1795752475187 implements MigrationInterface {
  name = 'KycPolicyAudit1795752475187';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "transaction"."kyc_policy_audit" ("id" uuid NOT NULL, "actor" character varying(100) NOT NULL, "partner_id" uuid NOT NULL, "mode" character varying(12) NOT NULL, "threshold_amount" numeric(20,6), "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_81b8e75b2ddca051fc0e73c85eb" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "kyc_policy_audit_occurred_idx" ON "transaction"."kyc_policy_audit"  ("occurred_at") ',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "transaction"."kyc_policy_audit_occurred_idx"');
    await queryRunner.query('DROP TABLE "transaction"."kyc_policy_audit"');
  }
}
