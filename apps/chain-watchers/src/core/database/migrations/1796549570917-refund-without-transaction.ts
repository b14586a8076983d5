import type { MigrationInterface, QueryRunner } from 'typeorm';

export class RefundWithoutTransaction1796549570917 implements MigrationInterface {
  name = 'RefundWithoutTransaction1796549570917';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "chain_watchers"."refund" ALTER COLUMN "transaction_id" DROP NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "chain_watchers"."refund" ALTER COLUMN "transaction_id" SET NOT NULL');
  }
}
