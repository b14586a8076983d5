import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OutgoingWebhookAnswers1795714913497 implements MigrationInterface {
  name = 'OutgoingWebhookAnswers1795714913497';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "chat"."outgoing_webhook_answer" ("request_id" character varying(200) NOT NULL, "trigger" jsonb NOT NULL, "outcome" jsonb NOT NULL, "leased_until" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_400253e90110b00ee3fa576b24c" PRIMARY KEY ("request_id"))',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "chat"."outgoing_webhook_answer"');
  }
}
