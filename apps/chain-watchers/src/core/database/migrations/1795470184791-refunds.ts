import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Refunds1795470184791 implements MigrationInterface {
  name = 'Refunds1795470184791';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "chain_watchers"."refund_attempt" ("id" uuid NOT NULL, "refund_id" uuid NOT NULL, "attempt" integer NOT NULL, "signed_payload" text NOT NULL, "tx_hash" character varying(128) NOT NULL, "valid_until" TIMESTAMP WITH TIME ZONE, "last_valid_block_height" bigint, "nonce" bigint, "state" character varying(12) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "refund_attempt_number" UNIQUE ("refund_id", "attempt"), CONSTRAINT "PK_e85d2a39f62306e085f81a9d3c2" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "refund_attempt_pending" ON "chain_watchers"."refund_attempt"  ("refund_id") WHERE "state" = \'PENDING\'',
    );
    await queryRunner.query(
      'CREATE TABLE "chain_watchers"."refund" ("refund_id" uuid NOT NULL, "transaction_id" uuid NOT NULL, "blockchain" character varying(12) NOT NULL, "crypto_currency" character varying(12) NOT NULL, "destination" character varying(120) NOT NULL, "amount" numeric NOT NULL, "reason" character varying(16) NOT NULL, "status" character varying(12) NOT NULL, "on_chain_tx" character varying(128), "failure_reason" character varying(200), "requested_at" TIMESTAMP WITH TIME ZONE NOT NULL, "settled_at" TIMESTAMP WITH TIME ZONE, "leased_until" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_e0c3684c2b1ea5adf8cc2b7ceae" PRIMARY KEY ("refund_id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "refund_open" ON "chain_watchers"."refund"  ("requested_at") WHERE "status" = \'REQUESTED\'',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "chain_watchers"."refund_open"');
    await queryRunner.query('DROP TABLE "chain_watchers"."refund"');
    await queryRunner.query('DROP INDEX "chain_watchers"."refund_attempt_pending"');
    await queryRunner.query('DROP TABLE "chain_watchers"."refund_attempt"');
  }
}
