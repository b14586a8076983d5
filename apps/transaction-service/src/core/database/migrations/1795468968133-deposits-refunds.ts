import type { MigrationInterface, QueryRunner } from 'typeorm';

export class DepositsRefunds1795468968133 implements MigrationInterface {
  name = 'DepositsRefunds1795468968133';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "transaction"."refund" ("id" uuid NOT NULL, "transaction_id" uuid NOT NULL, "deposit_id" uuid NOT NULL, "blockchain" character varying(12) NOT NULL, "crypto_currency" character varying(12) NOT NULL, "destination" character varying(120) NOT NULL, "amount" numeric(38,18) NOT NULL, "reason" character varying(16) NOT NULL, "status" character varying(12) NOT NULL, "on_chain_tx" character varying(200), "failure_reason" character varying(300), "requested_at" TIMESTAMP WITH TIME ZONE NOT NULL, "settled_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "refund_deposit_reason" UNIQUE ("deposit_id", "reason"), CONSTRAINT "PK_f1cefa2e60d99b206c46c1116e5" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "refund_transaction_idx" ON "transaction"."refund"  ("transaction_id") ',
    );
    await queryRunner.query(
      'CREATE TABLE "transaction"."deposit" ("id" uuid NOT NULL, "blockchain" character varying(12) NOT NULL, "on_chain_tx" character varying(200) NOT NULL, "transfer_index" integer NOT NULL, "transaction_id" uuid, "crypto_currency" character varying(12) NOT NULL, "asset" character varying(200) NOT NULL, "deposit_address" character varying(120) NOT NULL, "sender" character varying(120) NOT NULL, "amount" numeric(38,18) NOT NULL, "memo" character varying(64), "outcome" character varying(16) NOT NULL, "note" character varying(300), "source" character varying(12) NOT NULL, "confirmed_at" TIMESTAMP WITH TIME ZONE NOT NULL, "recorded_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "deposit_transfer" UNIQUE ("blockchain", "on_chain_tx", "transfer_index"), CONSTRAINT "PK_6654b4be449dadfd9d03a324b61" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "deposit_transaction_idx" ON "transaction"."deposit"  ("transaction_id") ',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "transaction"."deposit_transaction_idx"');
    await queryRunner.query('DROP TABLE "transaction"."deposit"');
    await queryRunner.query('DROP INDEX "transaction"."refund_transaction_idx"');
    await queryRunner.query('DROP TABLE "transaction"."refund"');
  }
}
