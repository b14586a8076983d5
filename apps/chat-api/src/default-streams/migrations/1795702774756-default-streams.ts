import type { MigrationInterface, QueryRunner } from 'typeorm';

export class DefaultStreams1795702774756 implements MigrationInterface {
  name = 'DefaultStreams1795702774756';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "chat"."default_stream" ("realm_id" integer NOT NULL, "stream_id" integer NOT NULL, CONSTRAINT "PK_54855050ee4b62a247e03d347d7" PRIMARY KEY ("realm_id", "stream_id"))',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "chat"."default_stream"');
  }
}
