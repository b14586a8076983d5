import type { MigrationInterface, QueryRunner } from 'typeorm';

export class WalletAuth1795312090382 implements MigrationInterface {
  name = 'WalletAuth1795312090382';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "api_gateway"."wallet_challenge" ("id" uuid NOT NULL, "partner_id" uuid NOT NULL, "address" character varying(64) NOT NULL, "chain_family" character varying(16) NOT NULL, "chain_id" character varying(64) NOT NULL, "nonce" character varying(64) NOT NULL, "message" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "consumed_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_f420e2d1def55c2d9c3c0c06814" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "wallet_challenge_expires_idx" ON "api_gateway"."wallet_challenge"  ("expires_at") ',
    );
    await queryRunner.query(
      'CREATE TABLE "api_gateway"."wallet_refresh_token" ("jti_hash" character(64) NOT NULL, "session_id" uuid NOT NULL, "partner_id" uuid NOT NULL, "address" character varying(64) NOT NULL, "chain_family" character varying(16) NOT NULL, "chain_id" character varying(64) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "consumed_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_52e671e06a2762b9e2cd48d3a21" PRIMARY KEY ("jti_hash"))',
    );
    await queryRunner.query(
      'CREATE INDEX "wallet_refresh_token_expires_idx" ON "api_gateway"."wallet_refresh_token"  ("expires_at") ',
    );
    await queryRunner.query(
      'CREATE INDEX "wallet_refresh_token_session_idx" ON "api_gateway"."wallet_refresh_token"  ("session_id") ',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "api_gateway"."wallet_refresh_token_session_idx"');
    await queryRunner.query('DROP INDEX "api_gateway"."wallet_refresh_token_expires_idx"');
    await queryRunner.query('DROP TABLE "api_gateway"."wallet_refresh_token"');
    await queryRunner.query('DROP INDEX "api_gateway"."wallet_challenge_expires_idx"');
    await queryRunner.query('DROP TABLE "api_gateway"."wallet_challenge"');
  }
}
