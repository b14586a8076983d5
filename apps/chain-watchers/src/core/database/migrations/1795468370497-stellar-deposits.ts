import type { MigrationInterface, QueryRunner } from 'typeorm';

export class StellarDeposits1795468370497 implements MigrationInterface {
  name = 'StellarDeposits1795468370497';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "chain_watchers"."seen_transfer" ("id" uuid NOT NULL, "blockchain" character varying(12) NOT NULL, "on_chain_tx" character varying(128) NOT NULL, "transfer_index" integer NOT NULL, "crypto_currency" character varying(12) NOT NULL, "asset" character varying(200) NOT NULL, "deposit_address" character varying(120) NOT NULL, "sender" character varying(120) NOT NULL, "amount" numeric NOT NULL, "memo" character varying(64), "memo_problem" character varying(16), "found_by" character varying(16) NOT NULL, "confirmed_at" TIMESTAMP WITH TIME ZONE NOT NULL, "detected_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "seen_transfer_once" UNIQUE ("blockchain", "on_chain_tx", "transfer_index"), CONSTRAINT "PK_f8b188baaa953f86de744b1d0f4" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "seen_transfer_needs_attention" ON "chain_watchers"."seen_transfer"  ("detected_at") WHERE "memo_problem" IS NOT NULL',
    );
    await queryRunner.query(
      'CREATE TABLE "chain_watchers"."stream_cursor" ("stream" character varying(160) NOT NULL, "cursor" character varying(64) NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_b236171f4ee38491fbc044d442a" PRIMARY KEY ("stream"))',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "chain_watchers"."stream_cursor"');
    await queryRunner.query('DROP INDEX "chain_watchers"."seen_transfer_needs_attention"');
    await queryRunner.query('DROP TABLE "chain_watchers"."seen_transfer"');
  }
}
