import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OutboxXid1795727932048 implements MigrationInterface {
  name = 'OutboxXid1795727932048';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "chat"."outbox_message" ADD "xid" bigint');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "chat"."outbox_message" DROP COLUMN "xid"');
  }
}
