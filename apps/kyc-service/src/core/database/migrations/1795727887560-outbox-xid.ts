import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OutboxXid1795727887560 implements MigrationInterface {
  name = 'OutboxXid1795727887560';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"kyc\".\"outbox_message\" ADD \"xid\" bigint");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"kyc\".\"outbox_message\" DROP COLUMN \"xid\"");
  }
}
