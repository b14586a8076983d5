import type { MigrationInterface, QueryRunner } from 'typeorm';

export class UnmatchedDepositsIndex1795488160958 implements MigrationInterface {
  name = 'UnmatchedDepositsIndex1795488160958';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE INDEX "deposit_unmatched_idx" ON "transaction"."deposit"  ("recorded_at") WHERE "transaction_id" IS NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "transaction"."deposit_unmatched_idx"');
  }
}
