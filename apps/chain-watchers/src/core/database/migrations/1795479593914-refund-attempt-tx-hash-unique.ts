import type { MigrationInterface, QueryRunner } from 'typeorm';

export class RefundAttemptTxHashUnique1795479593914 implements MigrationInterface {
  name = 'RefundAttemptTxHashUnique1795479593914';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "chain_watchers"."refund_attempt" ADD CONSTRAINT "refund_attempt_tx_hash" UNIQUE ("tx_hash")',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "chain_watchers"."refund_attempt" DROP CONSTRAINT "refund_attempt_tx_hash"',
    );
  }
}
