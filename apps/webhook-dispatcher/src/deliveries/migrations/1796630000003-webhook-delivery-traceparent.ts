import type { MigrationInterface, QueryRunner } from 'typeorm';

export class WebhookDeliveryTraceparent1796630000003 implements MigrationInterface {
  name = 'WebhookDeliveryTraceparent1796630000003';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "webhook_dispatcher"."webhook_delivery" ADD "traceparent" character varying(55)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "webhook_dispatcher"."webhook_delivery" DROP COLUMN "traceparent"');
  }
}
