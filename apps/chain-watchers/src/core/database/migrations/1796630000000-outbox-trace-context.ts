import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OutboxTraceContext1796630000000 implements MigrationInterface {
  name = 'OutboxTraceContext1796630000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "chain_watchers"."outbox_message" ADD "traceparent" character varying(55), ADD "tracestate" character varying(512)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "chain_watchers"."outbox_message" DROP COLUMN "tracestate", DROP COLUMN "traceparent"',
    );
  }
}
