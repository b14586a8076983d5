import type { MigrationInterface, QueryRunner } from 'typeorm';

export class PartnerAudit1795752460796 implements MigrationInterface {
  name = 'PartnerAudit1795752460796';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "api_gateway"."partner_audit" ("id" uuid NOT NULL, "actor" character varying(100) NOT NULL, "action" character varying(20) NOT NULL, "partner_id" uuid NOT NULL, "subject" character varying(200) NOT NULL, "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_b99275087d90725dc863cd1ba45" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "partner_audit_occurred_idx" ON "api_gateway"."partner_audit"  ("occurred_at") ',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "api_gateway"."partner_audit_occurred_idx"');
    await queryRunner.query('DROP TABLE "api_gateway"."partner_audit"');
  }
}
