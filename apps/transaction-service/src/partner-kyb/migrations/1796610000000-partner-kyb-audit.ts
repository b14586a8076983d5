import type { MigrationInterface, QueryRunner } from 'typeorm';

export class PartnerKybAudit1796610000000 implements MigrationInterface {
  name = 'PartnerKybAudit1796610000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "transaction"."partner_kyb_audit" ("id" uuid NOT NULL, "actor" character varying(100) NOT NULL, "partner_id" uuid NOT NULL, "from_status" character varying(10) NOT NULL, "to_status" character varying(10) NOT NULL, "pending_limit" numeric(20,6), "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_partner_kyb_audit" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "partner_kyb_audit_occurred_idx" ON "transaction"."partner_kyb_audit" ("occurred_at") ',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "transaction"."partner_kyb_audit_occurred_idx"');
    await queryRunner.query('DROP TABLE "transaction"."partner_kyb_audit"');
  }
}
