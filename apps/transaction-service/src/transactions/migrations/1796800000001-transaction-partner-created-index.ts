import type { MigrationInterface, QueryRunner } from 'typeorm';

export class TransactionPartnerCreatedIndex1796800000001 implements MigrationInterface {
  name = 'TransactionPartnerCreatedIndex1796800000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE INDEX "transaction_partner_created_idx" ON "transaction"."transaction" ("partner_id", "created_at", "id") ',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "transaction"."transaction_partner_created_idx"');
  }
}
