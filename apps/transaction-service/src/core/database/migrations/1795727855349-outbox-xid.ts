import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OutboxXid1795727855349 implements MigrationInterface {
  name = 'OutboxXid1795727855349';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "transaction"."outbox_message" ADD "xid" bigint');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "transaction"."outbox_message" DROP COLUMN "xid"');
  }
}
