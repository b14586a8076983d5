import type { MigrationInterface, QueryRunner } from 'typeorm';

export class RailCaps1796552069071 implements MigrationInterface {
  name = 'RailCaps1796552069071';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("CREATE TABLE \"quote\".\"rail_cap\" (\"payment_method\" character varying(12) NOT NULL, \"target_currency\" character varying(12) NOT NULL, \"per_transaction\" numeric(20,2), \"per_user_daily_amount\" numeric(20,2), \"per_user_daily_count\" integer, \"per_payment_method_daily_amount\" numeric(20,2), \"updated_at\" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT \"PK_36af0b92c2d55c1ca11f9b3fe7e\" PRIMARY KEY (\"payment_method\", \"target_currency\"))");
    // The defaults: Bre-B capped as its rail partner documents, PIX uncapped (a row all null, so
    // operators find it beside Bre-B).
    await queryRunner.query(
      "INSERT INTO \"quote\".\"rail_cap\" VALUES ('BREB', 'COP', 5000000, 25000000, 15, 25000000, now()), ('PIX', 'BRL', NULL, NULL, NULL, NULL, now())",
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DROP TABLE \"quote\".\"rail_cap\"");
  }
}
