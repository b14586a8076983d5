import type { MigrationInterface, QueryRunner } from 'typeorm';

export class TransactionTraceparent1796630000001 implements MigrationInterface {
  name = 'TransactionTraceparent1796630000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "transaction"."transaction" ADD "traceparent" character varying(55)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "transaction"."transaction" DROP COLUMN "traceparent"');
  }
}
