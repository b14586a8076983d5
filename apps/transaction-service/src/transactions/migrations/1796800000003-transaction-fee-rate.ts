import type { MigrationInterface, QueryRunner } from 'typeorm';

export class TransactionFeeRate1796800000003 implements MigrationInterface {
  name = 'TransactionFeeRate1796800000003';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "transaction"."transaction" ADD "fee_amount" numeric(20,6)');
    await queryRunner.query('ALTER TABLE "transaction"."transaction" ADD "rate" numeric(30,10)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "transaction"."transaction" DROP COLUMN "rate"');
    await queryRunner.query('ALTER TABLE "transaction"."transaction" DROP COLUMN "fee_amount"');
  }
}
