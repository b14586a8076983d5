import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ChatReplicas1795509696551 implements MigrationInterface {
  name = 'ChatReplicas1795509696551';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "chat"."replica" ("id" uuid NOT NULL, "url" character varying(2048) NOT NULL, "seen_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_f319ce5a90abd2823a9cdd08c24" PRIMARY KEY ("id"))',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "chat"."replica"');
  }
}
