import type { MigrationInterface, QueryRunner } from 'typeorm';

export class DepositAccountsSweeps1795694870001 implements MigrationInterface {
  name = 'DepositAccountsSweeps1795694870001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "chain_watchers"."deposit_account" ("blockchain" character varying(12) NOT NULL, "transaction_id" uuid NOT NULL, "address" character varying(120) NOT NULL, "asset" character varying(200) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "watch_until" TIMESTAMP WITH TIME ZONE NOT NULL, "announced_at" TIMESTAMP WITH TIME ZONE, "due_at" TIMESTAMP WITH TIME ZONE, "sweep_id" uuid, CONSTRAINT "deposit_account_address" UNIQUE ("blockchain", "address"), CONSTRAINT "PK_2d2c328c45e74ab500bf5bc6ddf" PRIMARY KEY ("blockchain", "transaction_id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "deposit_account_sweep_due" ON "chain_watchers"."deposit_account"  ("blockchain", "due_at") WHERE "due_at" IS NOT NULL AND "sweep_id" IS NULL',
    );
    await queryRunner.query(
      'CREATE INDEX "deposit_account_watched" ON "chain_watchers"."deposit_account"  ("blockchain", "watch_until") WHERE "announced_at" IS NULL',
    );
    await queryRunner.query(
      'CREATE TABLE "chain_watchers"."sweep_attempt" ("id" uuid NOT NULL, "sweep_id" uuid NOT NULL, "item_id" uuid, "kind" character varying(12) NOT NULL, "signed_payload" text NOT NULL, "tx_hash" character varying(128) NOT NULL, "last_valid_block_height" bigint, "nonce" bigint, "state" character varying(12) NOT NULL, "fee" numeric, "value" numeric, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "sweep_attempt_tx_hash" UNIQUE ("tx_hash"), CONSTRAINT "PK_819d250311783e48ba4555fa234" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "sweep_attempt_pending" ON "chain_watchers"."sweep_attempt"  ("sweep_id") WHERE "state" = \'PENDING\'',
    );
    await queryRunner.query(
      'CREATE TABLE "chain_watchers"."sweep_item" ("id" uuid NOT NULL, "sweep_id" uuid NOT NULL, "transaction_id" uuid NOT NULL, "address" character varying(120) NOT NULL, "source" character varying(120) NOT NULL, "asset" character varying(200) NOT NULL, "amount" numeric NOT NULL, CONSTRAINT "sweep_item_once" UNIQUE ("sweep_id", "source", "asset"), CONSTRAINT "PK_02d5e8aa365fef0c6754bc8d7c7" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "sweep_item_transaction" ON "chain_watchers"."sweep_item"  ("transaction_id") ',
    );
    await queryRunner.query(
      'CREATE TABLE "chain_watchers"."sweep" ("id" uuid NOT NULL, "blockchain" character varying(12) NOT NULL, "status" character varying(12) NOT NULL, "destination" character varying(120) NOT NULL, "planned_at" TIMESTAMP WITH TIME ZONE, "tx_hash" character varying(128), "network_fee" numeric, "gas_funded" numeric, "failure_reason" character varying(200), "leased_until" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "settled_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_1e2e82827097e3525af9f7ac1e3" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "sweep_pending" ON "chain_watchers"."sweep"  ("blockchain", "created_at") WHERE "status" = \'PENDING\'',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "chain_watchers"."sweep_pending"');
    await queryRunner.query('DROP TABLE "chain_watchers"."sweep"');
    await queryRunner.query('DROP INDEX "chain_watchers"."sweep_item_transaction"');
    await queryRunner.query('DROP TABLE "chain_watchers"."sweep_item"');
    await queryRunner.query('DROP INDEX "chain_watchers"."sweep_attempt_pending"');
    await queryRunner.query('DROP TABLE "chain_watchers"."sweep_attempt"');
    await queryRunner.query('DROP INDEX "chain_watchers"."deposit_account_watched"');
    await queryRunner.query('DROP INDEX "chain_watchers"."deposit_account_sweep_due"');
    await queryRunner.query('DROP TABLE "chain_watchers"."deposit_account"');
  }
}
