import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SubscriptionNotificationSettings1796700000000 implements MigrationInterface {
  name = 'SubscriptionNotificationSettings1796700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "chat"."subscription" ADD "desktop_notifications" boolean');
    await queryRunner.query('ALTER TABLE "chat"."subscription" ADD "audible_notifications" boolean');
    await queryRunner.query('ALTER TABLE "chat"."subscription" ADD "push_notifications" boolean');
    await queryRunner.query('ALTER TABLE "chat"."subscription" ADD "email_notifications" boolean');
    await queryRunner.query('ALTER TABLE "chat"."subscription" ADD "wildcard_mentions_notify" boolean');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "chat"."subscription" DROP COLUMN "wildcard_mentions_notify"');
    await queryRunner.query('ALTER TABLE "chat"."subscription" DROP COLUMN "email_notifications"');
    await queryRunner.query('ALTER TABLE "chat"."subscription" DROP COLUMN "push_notifications"');
    await queryRunner.query('ALTER TABLE "chat"."subscription" DROP COLUMN "audible_notifications"');
    await queryRunner.query('ALTER TABLE "chat"."subscription" DROP COLUMN "desktop_notifications"');
  }
}
