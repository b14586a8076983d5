import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CorridorAudit1795740683768 implements MigrationInterface {
  name = 'CorridorAudit1795740683768';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("CREATE TABLE \"quote\".\"corridor_audit\" (\"id\" uuid NOT NULL, \"actor\" character varying(100) NOT NULL, \"action\" character varying(40) NOT NULL, \"subject\" character varying(200) NOT NULL, \"change\" jsonb NOT NULL, \"occurred_at\" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT \"PK_8a9b6dc78cdc15056aea051ceaa\" PRIMARY KEY (\"id\"))");
    await queryRunner.query("CREATE INDEX \"corridor_audit_occurred_idx\" ON \"quote\".\"corridor_audit\"  (\"occurred_at\") ");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DROP INDEX \"quote\".\"corridor_audit_occurred_idx\"");
    await queryRunner.query("DROP TABLE \"quote\".\"corridor_audit\"");
  }
}
