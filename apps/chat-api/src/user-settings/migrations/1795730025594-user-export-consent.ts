import type { MigrationInterface, QueryRunner } from 'typeorm';

export class UserExportConsent1795730025594 implements MigrationInterface {
  name = 'UserExportConsent1795730025594';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "chat"."user_export_consent" ("user_id" integer NOT NULL, "realm_id" integer NOT NULL, "allowed" boolean NOT NULL, CONSTRAINT "PK_044035bfabb513646778fbb9cf2" PRIMARY KEY ("user_id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "user_export_consent_realm_idx" ON "chat"."user_export_consent"  ("realm_id", "user_id") ',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "chat"."user_export_consent_realm_idx"');
    await queryRunner.query('DROP TABLE "chat"."user_export_consent"');
  }
}
