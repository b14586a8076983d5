import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OutboxXid1795727841390 implements MigrationInterface {
  name = 'OutboxXid1795727841390';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"quote\".\"outbox_message\" ADD \"xid\" bigint");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"quote\".\"outbox_message\" DROP COLUMN \"xid\"");
  }
}
