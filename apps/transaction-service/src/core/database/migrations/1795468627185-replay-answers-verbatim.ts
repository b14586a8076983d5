import type { MigrationInterface, QueryRunner } from 'typeorm';

// Converted in place rather than dropped and re-added: stored answers keep being replayed.
export class ReplayAnswersVerbatim1795468627185 implements MigrationInterface {
  name = 'ReplayAnswersVerbatim1795468627185';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "transaction"."idempotency_record" ALTER COLUMN "response" TYPE json USING "response"::json',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "transaction"."idempotency_record" ALTER COLUMN "response" TYPE jsonb USING "response"::jsonb',
    );
  }
}
