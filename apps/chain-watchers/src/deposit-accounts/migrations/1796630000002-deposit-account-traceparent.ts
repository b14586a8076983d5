import type { MigrationInterface, QueryRunner } from 'typeorm';

export class DepositAccountTraceparent1796630000002 implements MigrationInterface {
  name = 'DepositAccountTraceparent1796630000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "chain_watchers"."deposit_account" ADD "traceparent" character varying(55)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "chain_watchers"."deposit_account" DROP COLUMN "traceparent"');
  }
}
