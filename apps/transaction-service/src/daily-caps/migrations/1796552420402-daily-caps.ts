import type { MigrationInterface, QueryRunner } from 'typeorm';

export class DailyCaps1796552420402 implements MigrationInterface {
  name = 'DailyCaps1796552420402';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("CREATE TABLE \"transaction\".\"daily_cap_charge\" (\"transaction_id\" uuid NOT NULL, \"day\" date NOT NULL, \"payment_method\" character varying(12) NOT NULL, \"partner_id\" character varying(36) NOT NULL, \"user_id\" character varying(128) NOT NULL, \"amount\" numeric(20,2) NOT NULL, \"released_at\" TIMESTAMP WITH TIME ZONE, CONSTRAINT \"PK_fb9a17e272d1217e991436a9f76\" PRIMARY KEY (\"transaction_id\"))");
    await queryRunner.query("CREATE TABLE \"transaction\".\"daily_cap_usage\" (\"day\" date NOT NULL, \"payment_method\" character varying(12) NOT NULL, \"scope\" character varying(8) NOT NULL, \"partner_id\" character varying(36) NOT NULL, \"user_id\" character varying(128) NOT NULL, \"amount\" numeric(20,2) NOT NULL, \"count\" integer NOT NULL, CONSTRAINT \"PK_f4a1c457d859ab765c0d12c61dc\" PRIMARY KEY (\"day\", \"payment_method\", \"scope\", \"partner_id\", \"user_id\"))");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DROP TABLE \"transaction\".\"daily_cap_usage\"");
    await queryRunner.query("DROP TABLE \"transaction\".\"daily_cap_charge\"");
  }
}
