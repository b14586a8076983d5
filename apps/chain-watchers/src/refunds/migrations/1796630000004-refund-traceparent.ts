import type { MigrationInterface, QueryRunner } from 'typeorm';

export class RefundTraceparent1796630000004 implements MigrationInterface {
  name = 'RefundTraceparent1796630000004';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "chain_watchers"."refund" ADD "traceparent" character varying(55)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "chain_watchers"."refund" DROP COLUMN "traceparent"');
  }
}
