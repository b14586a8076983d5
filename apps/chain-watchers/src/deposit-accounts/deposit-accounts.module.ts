import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { depositAccountsMigrations } from './migrations/migrations.js';
import { DepositAccountEntity } from './deposit-account.entity.js';
import { DepositAccountsRepository } from './deposit-accounts.repository.js';
import { InternalDepositAccountsController } from './internal-deposit-accounts.controller.js';
import { OpenDepositAccountUseCase } from './open-deposit-account.use-case.js';

// Per-transaction deposit addresses: handed out (derived by the chain's adapter), and known to
// the features that watch, verify and sweep them.
@OwnsTables({ entities: [DepositAccountEntity], migrations: depositAccountsMigrations })
@Module({
  controllers: [InternalDepositAccountsController],
  providers: [DepositAccountsRepository, OpenDepositAccountUseCase],
  exports: [DepositAccountsRepository],
})
export class DepositAccountsModule {}
