import type { MigrationInterface, QueryRunner } from 'typeorm';

export class KeyQuota1796610000000 implements MigrationInterface {
  name = 'KeyQuota1796610000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "api_gateway"."partner" ADD "max_active_keys" integer');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "api_gateway"."partner" DROP COLUMN "max_active_keys"');
  }
}
