import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OutboxXid1795727871795 implements MigrationInterface {
  name = 'OutboxXid1795727871795';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "chain_watchers"."outbox_message" ADD "xid" bigint');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "chain_watchers"."outbox_message" DROP COLUMN "xid"');
  }
}
