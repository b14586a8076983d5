import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OutboxXid1795727901151 implements MigrationInterface {
  name = 'OutboxXid1795727901151';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "webhook_dispatcher"."outbox_message" ADD "xid" bigint');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "webhook_dispatcher"."outbox_message" DROP COLUMN "xid"');
  }
}
