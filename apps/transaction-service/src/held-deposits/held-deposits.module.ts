import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { HeldDepositAuditEntity } from './held-deposit-audit.entity.js';
import { HeldDepositAuditsRepository } from './held-deposit-audits.repository.js';
import { HeldDepositRefusalAuditInterceptor } from './held-deposit-refusal-audit.interceptor.js';
import { HeldDepositViewQuery } from './held-deposit-view.query.js';
import { OpsHeldDepositsController } from './ops-held-deposits.controller.js';
import { ResolveHeldDepositUseCase } from './resolve-held-deposit.use-case.js';

// Operators finish held transfers (deposits that fund no transaction): refunded, or assigned to a
// transaction under the funding rules; audited.
@OwnsTables({ entities: [HeldDepositAuditEntity] })
@Module({
  controllers: [OpsHeldDepositsController],
  providers: [
    HeldDepositAuditsRepository,
    HeldDepositViewQuery,
    ResolveHeldDepositUseCase,
    HeldDepositRefusalAuditInterceptor,
  ],
})
export class HeldDepositsModule {}
