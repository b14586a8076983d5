import type { MigrationInterface, QueryRunner } from 'typeorm';

export class MessageEdits1795714661536 implements MigrationInterface {
  name = 'MessageEdits1795714661536';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "chat"."message" ADD "edit_history" jsonb');
    await queryRunner.query('ALTER TABLE "chat"."message" ADD "last_edit_time" TIMESTAMP WITH TIME ZONE');
    await queryRunner.query('ALTER TABLE "chat"."message" ADD "last_moved_time" TIMESTAMP WITH TIME ZONE');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "chat"."message" DROP COLUMN "last_moved_time"');
    await queryRunner.query('ALTER TABLE "chat"."message" DROP COLUMN "last_edit_time"');
    await queryRunner.query('ALTER TABLE "chat"."message" DROP COLUMN "edit_history"');
  }
}
