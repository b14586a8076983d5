import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OutboxXid1795727825538 implements MigrationInterface {
  name = 'OutboxXid1795727825538';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "api_gateway"."outbox_message" ADD "xid" bigint');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "api_gateway"."outbox_message" DROP COLUMN "xid"');
  }
}
