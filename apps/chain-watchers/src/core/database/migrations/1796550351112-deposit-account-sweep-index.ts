import type { MigrationInterface, QueryRunner } from 'typeorm';

export class DepositAccountSweepIndex1796550351112 implements MigrationInterface {
  name = 'DepositAccountSweepIndex1796550351112';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("CREATE INDEX \"deposit_account_sweep\" ON \"chain_watchers\".\"deposit_account\"  (\"sweep_id\") WHERE \"sweep_id\" IS NOT NULL");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DROP INDEX \"chain_watchers\".\"deposit_account_sweep\"");
  }
}
