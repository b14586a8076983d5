import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ClaimIdempotencyKeys1795469172661 implements MigrationInterface {
  name = 'ClaimIdempotencyKeys1795469172661';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "transaction"."idempotency_record" ALTER COLUMN "response" DROP NOT NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "transaction"."idempotency_record" ALTER COLUMN "response" SET NOT NULL',
    );
  }
}
