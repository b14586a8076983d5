import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CorridorsAndQuotes1795310514994 implements MigrationInterface {
  name = 'CorridorsAndQuotes1795310514994';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("CREATE TABLE \"quote\".\"corridor_asset\" (\"id\" uuid NOT NULL, \"crypto_currency\" character varying(12) NOT NULL, \"blockchain\" character varying(12) NOT NULL, \"mint_address\" character varying(120) NOT NULL, \"decimals\" integer NOT NULL, \"active\" boolean NOT NULL, CONSTRAINT \"PK_44191abe00c69739f8230db2842\" PRIMARY KEY (\"id\"))");
    await queryRunner.query("CREATE UNIQUE INDEX \"corridor_asset_one_active\" ON \"quote\".\"corridor_asset\"  (\"crypto_currency\", \"blockchain\") WHERE \"active\"");
    await queryRunner.query("CREATE TABLE \"quote\".\"corridor_flow\" (\"id\" uuid NOT NULL, \"direction\" character varying(12) NOT NULL, \"crypto_currency\" character varying(12) NOT NULL, \"blockchain\" character varying(12) NOT NULL, \"payment_method\" character varying(12) NOT NULL, \"target_currency\" character varying(12) NOT NULL, \"enabled\" boolean NOT NULL, \"fee_basis_points\" integer NOT NULL, \"fee_fixed\" numeric(20,6) NOT NULL, \"min_amount\" numeric(20,2), \"max_amount\" numeric(20,2), \"updated_at\" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT \"corridor_flow_route\" UNIQUE (\"direction\", \"crypto_currency\", \"blockchain\", \"payment_method\", \"target_currency\"), CONSTRAINT \"PK_1a2b7c1a2154e84cd5508e81701\" PRIMARY KEY (\"id\"))");
    await queryRunner.query("CREATE TABLE \"quote\".\"unsupported_route\" (\"id\" uuid NOT NULL, \"crypto_currency\" character varying(12) NOT NULL, \"blockchain\" character varying(12) NOT NULL, \"payment_method\" character varying(12) NOT NULL, \"target_currency\" character varying(12) NOT NULL, \"reason\" character varying(300) NOT NULL, CONSTRAINT \"unsupported_route_route\" UNIQUE (\"crypto_currency\", \"blockchain\", \"payment_method\", \"target_currency\"), CONSTRAINT \"PK_67015e9dc17907649a992e1dcfa\" PRIMARY KEY (\"id\"))");
    await queryRunner.query("CREATE TABLE \"quote\".\"quote\" (\"id\" uuid NOT NULL, \"partner_id\" uuid NOT NULL, \"kind\" character varying(12) NOT NULL, \"crypto_currency\" character varying(12) NOT NULL, \"blockchain\" character varying(12) NOT NULL, \"payment_method\" character varying(12) NOT NULL, \"target_currency\" character varying(12) NOT NULL, \"crypto_amount\" numeric(30,6) NOT NULL, \"fiat_amount\" numeric(20,2) NOT NULL, \"fee_amount\" numeric(20,6) NOT NULL, \"fee_type\" character varying(12) NOT NULL, \"fee_basis_points\" integer NOT NULL, \"fee_fixed\" numeric(20,6) NOT NULL, \"rate\" numeric(30,10) NOT NULL, \"rate_source\" character varying(40) NOT NULL, \"rate_observed_at\" TIMESTAMP WITH TIME ZONE NOT NULL, \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL, \"expires_at\" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT \"PK_b772d4cb09e587c8c72a78d2439\" PRIMARY KEY (\"id\"))");
    await queryRunner.query("CREATE INDEX \"quote_partner_idx\" ON \"quote\".\"quote\"  (\"partner_id\", \"created_at\") ");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DROP INDEX \"quote\".\"quote_partner_idx\"");
    await queryRunner.query("DROP TABLE \"quote\".\"quote\"");
    await queryRunner.query("DROP TABLE \"quote\".\"unsupported_route\"");
    await queryRunner.query("DROP TABLE \"quote\".\"corridor_flow\"");
    await queryRunner.query("DROP INDEX \"quote\".\"corridor_asset_one_active\"");
    await queryRunner.query("DROP TABLE \"quote\".\"corridor_asset\"");
  }
}
