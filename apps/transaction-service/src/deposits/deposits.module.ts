import { Global, Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { DepositMetrics } from './deposit-metrics.js';
import { DepositEntity } from './deposit.entity.js';
import { DepositsRepository } from './deposits.repository.js';
import { OpsDepositsController } from './ops-deposits.controller.js';
import { UnmatchedDepositsQuery } from './unmatched-deposits.query.js';

// The record of every transfer reported to this service (one transfer, one row), whether it funds
// a transaction or nothing; the funding rules above decide what each one does.
@Global()
@OwnsTables({ entities: [DepositEntity] })
@Module({
  controllers: [OpsDepositsController],
  providers: [DepositsRepository, UnmatchedDepositsQuery, DepositMetrics],
  exports: [DepositsRepository, DepositMetrics],
})
export class DepositsModule {}
