import type { MigrationInterface, QueryRunner } from 'typeorm';

export class BotServices1795469423353 implements MigrationInterface {
  name = 'BotServices1795469423353';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "chat"."bot_service" ("bot_user_id" integer NOT NULL, "realm_id" integer NOT NULL, "name" character varying(100) NOT NULL, "base_url" character varying(2000) NOT NULL, "interface" smallint NOT NULL, "token_sealed" character varying(200) NOT NULL, CONSTRAINT "PK_5bcacefc3b1ec6726e1abbcb66f" PRIMARY KEY ("bot_user_id"))',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "chat"."bot_service"');
  }
}
