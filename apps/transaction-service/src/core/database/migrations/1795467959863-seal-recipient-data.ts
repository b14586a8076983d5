import type { MigrationInterface, QueryRunner } from 'typeorm';

// Recipient data becomes sealed bytes. Rows accepted before it lose their recipient data: a
// migration holds no key to seal it with (only development installs of the same day had any).
export class SealRecipientData1795467959863 implements MigrationInterface {
  name = 'SealRecipientData1795467959863';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "transaction"."transaction" DROP COLUMN "account_number"');
    await queryRunner.query('ALTER TABLE "transaction"."transaction" ADD "account_number" bytea');
    await queryRunner.query('ALTER TABLE "transaction"."transaction" DROP COLUMN "qr_code"');
    await queryRunner.query('ALTER TABLE "transaction"."transaction" ADD "qr_code" bytea');
    await queryRunner.query('ALTER TABLE "transaction"."transaction" DROP COLUMN "tax_id"');
    await queryRunner.query('ALTER TABLE "transaction"."transaction" ADD "tax_id" bytea');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "transaction"."transaction" DROP COLUMN "tax_id"');
    await queryRunner.query('ALTER TABLE "transaction"."transaction" ADD "tax_id" character varying(32)');
    await queryRunner.query('ALTER TABLE "transaction"."transaction" DROP COLUMN "qr_code"');
    await queryRunner.query('ALTER TABLE "transaction"."transaction" ADD "qr_code" character varying(512)');
    await queryRunner.query('ALTER TABLE "transaction"."transaction" DROP COLUMN "account_number"');
    await queryRunner.query(
      'ALTER TABLE "transaction"."transaction" ADD "account_number" character varying(128)',
    );
  }
}
