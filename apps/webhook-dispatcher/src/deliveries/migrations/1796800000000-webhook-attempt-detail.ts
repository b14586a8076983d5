import type { MigrationInterface, QueryRunner } from 'typeorm';

export class WebhookAttemptDetail1796800000000 implements MigrationInterface {
  name = 'WebhookAttemptDetail1796800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "webhook_dispatcher"."webhook_attempt" ADD "request_headers" jsonb');
    await queryRunner.query('ALTER TABLE "webhook_dispatcher"."webhook_attempt" ADD "response_excerpt" text');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "webhook_dispatcher"."webhook_attempt" DROP COLUMN "response_excerpt"');
    await queryRunner.query('ALTER TABLE "webhook_dispatcher"."webhook_attempt" DROP COLUMN "request_headers"');
  }
}
