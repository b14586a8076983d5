import type { MigrationInterface, QueryRunner } from 'typeorm';

export class PartnerKyb1796600000001 implements MigrationInterface {
  name = 'PartnerKyb1796600000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "transaction"."partner_kyb" ("partner_id" uuid NOT NULL, "status" character varying(10) NOT NULL, "pending_limit" numeric(20,6), "updated_by" character varying(100) NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_partner_kyb" PRIMARY KEY ("partner_id"))',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "transaction"."partner_kyb"');
  }
}
