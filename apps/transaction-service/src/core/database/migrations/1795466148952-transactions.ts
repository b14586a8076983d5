import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Transactions1795466148952 implements MigrationInterface {
  name = 'Transactions1795466148952';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "transaction"."deposit_address" ("id" uuid NOT NULL, "blockchain" character varying(12) NOT NULL, "address" character varying(120) NOT NULL, "active" boolean NOT NULL, "activated_at" TIMESTAMP WITH TIME ZONE NOT NULL, "retired_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "deposit_address_chain_address" UNIQUE ("blockchain", "address"), CONSTRAINT "PK_c97c0b6fab45cc02517dccade1a" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "deposit_address_one_active" ON "transaction"."deposit_address"  ("blockchain") WHERE "active"',
    );
    await queryRunner.query(
      'CREATE TABLE "transaction"."idempotency_record" ("partner_id" uuid NOT NULL, "idempotency_key" character varying(255) NOT NULL, "fingerprint" character(64) NOT NULL, "response" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_b2bfd2c7e4cb9c839011a55bd48" PRIMARY KEY ("partner_id", "idempotency_key"))',
    );
    await queryRunner.query(
      'CREATE TABLE "transaction"."kyc_policy" ("partner_id" uuid NOT NULL, "mode" character varying(12) NOT NULL, "threshold_amount" numeric(20,6), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_27c7a5f70bfe8a56abc466f0cc8" PRIMARY KEY ("partner_id"))',
    );
    await queryRunner.query(
      'CREATE TABLE "transaction"."transaction_journal" ("transaction_id" uuid NOT NULL, "sequence" integer NOT NULL, "idempotency_key" character varying(200) NOT NULL, "change" character varying(12) NOT NULL, "from_status" character varying(24), "to_status" character varying(24) NOT NULL, "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "transaction_journal_cause" UNIQUE ("transaction_id", "idempotency_key"), CONSTRAINT "PK_6f2ffdb79e16f6ffbb8ae1fbdcd" PRIMARY KEY ("transaction_id", "sequence"))',
    );
    await queryRunner.query(
      'CREATE TABLE "transaction"."transaction" ("id" uuid NOT NULL, "partner_id" uuid NOT NULL, "user_id" character varying(128) NOT NULL, "quote_id" uuid NOT NULL, "status" character varying(24) NOT NULL, "reference" character varying(24) NOT NULL, "account_number" character varying(128), "qr_code" character varying(512), "tax_id" character varying(32), "redirect_url" character varying(2048), "crypto_currency" character varying(12) NOT NULL, "blockchain" character varying(12) NOT NULL, "payment_method" character varying(12) NOT NULL, "target_currency" character varying(12) NOT NULL, "source_amount" numeric(30,6) NOT NULL, "target_amount" numeric(20,2) NOT NULL, "quote_expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "deposit_address" character varying(120) NOT NULL, "mint_address" character varying(120) NOT NULL, "decimals" integer NOT NULL, "on_chain_tx_hash" character varying(200), "event_sequence" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "status_changed_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "transaction_reference" UNIQUE ("reference"), CONSTRAINT "transaction_quote" UNIQUE ("quote_id"), CONSTRAINT "PK_89eadb93a89810556e1cbcd6ab9" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "transaction_partner_user_idx" ON "transaction"."transaction"  ("partner_id", "user_id", "created_at") ',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "transaction"."transaction_partner_user_idx"');
    await queryRunner.query('DROP TABLE "transaction"."transaction"');
    await queryRunner.query('DROP TABLE "transaction"."transaction_journal"');
    await queryRunner.query('DROP TABLE "transaction"."kyc_policy"');
    await queryRunner.query('DROP TABLE "transaction"."idempotency_record"');
    await queryRunner.query('DROP INDEX "transaction"."deposit_address_one_active"');
    await queryRunner.query('DROP TABLE "transaction"."deposit_address"');
  }
}
