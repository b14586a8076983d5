import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ApiKeyNameLastUsed1796800000002 implements MigrationInterface {
  name = 'ApiKeyNameLastUsed1796800000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "api_gateway"."api_key" ADD "name" character varying(64)');
    await queryRunner.query('ALTER TABLE "api_gateway"."api_key" ADD "last_used_at" TIMESTAMP WITH TIME ZONE');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "api_gateway"."api_key" DROP COLUMN "last_used_at"');
    await queryRunner.query('ALTER TABLE "api_gateway"."api_key" DROP COLUMN "name"');
  }
}
