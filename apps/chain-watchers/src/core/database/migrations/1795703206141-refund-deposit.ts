import type { MigrationInterface, QueryRunner } from 'typeorm';

export class RefundDeposit1795703206141 implements MigrationInterface {
  name = 'RefundDeposit1795703206141';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "chain_watchers"."refund" ADD "deposit_on_chain_tx" character varying(128)',
    );
    await queryRunner.query('ALTER TABLE "chain_watchers"."refund" ADD "deposit_transfer_index" integer');
    await queryRunner.query(
      'CREATE INDEX "refund_deposit" ON "chain_watchers"."refund"  ("blockchain", "deposit_on_chain_tx", "deposit_transfer_index") ',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "chain_watchers"."refund_deposit"');
    await queryRunner.query('ALTER TABLE "chain_watchers"."refund" DROP COLUMN "deposit_transfer_index"');
    await queryRunner.query('ALTER TABLE "chain_watchers"."refund" DROP COLUMN "deposit_on_chain_tx"');
  }
}
