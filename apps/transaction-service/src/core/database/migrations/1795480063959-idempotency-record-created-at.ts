import type { MigrationInterface, QueryRunner } from 'typeorm';

export class IdempotencyRecordCreatedAt1795480063959 implements MigrationInterface {
  name = 'IdempotencyRecordCreatedAt1795480063959';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE INDEX "idempotency_record_created_at" ON "transaction"."idempotency_record"  ("created_at") ',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "transaction"."idempotency_record_created_at"');
  }
}
