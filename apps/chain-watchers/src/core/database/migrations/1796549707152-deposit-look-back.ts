import type { MigrationInterface, QueryRunner } from 'typeorm';

export class DepositLookBack1796549707152 implements MigrationInterface {
  name = 'DepositLookBack1796549707152';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DROP INDEX \"chain_watchers\".\"deposit_account_watched\"");
    await queryRunner.query("ALTER TABLE \"chain_watchers\".\"deposit_account\" ADD \"looked_back_at\" TIMESTAMP WITH TIME ZONE");
    await queryRunner.query("ALTER TABLE \"chain_watchers\".\"seen_transfer\" ADD \"kind\" character varying(12) NOT NULL DEFAULT 'DEPOSIT'");
    await queryRunner.query("CREATE INDEX \"deposit_account_look_back\" ON \"chain_watchers\".\"deposit_account\"  (\"blockchain\", \"looked_back_at\") ");
    await queryRunner.query("CREATE INDEX \"deposit_account_watch_until\" ON \"chain_watchers\".\"deposit_account\"  (\"blockchain\", \"watch_until\") ");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DROP INDEX \"chain_watchers\".\"deposit_account_watch_until\"");
    await queryRunner.query("DROP INDEX \"chain_watchers\".\"deposit_account_look_back\"");
    await queryRunner.query("ALTER TABLE \"chain_watchers\".\"seen_transfer\" DROP COLUMN \"kind\"");
    await queryRunner.query("ALTER TABLE \"chain_watchers\".\"deposit_account\" DROP COLUMN \"looked_back_at\"");
    await queryRunner.query("CREATE INDEX \"deposit_account_watched\" ON \"chain_watchers\".\"deposit_account\" USING btree (\"blockchain\", \"watch_until\") WHERE (announced_at IS NULL)");
  }
}
