import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { OpsReconcileController } from './ops-reconcile.controller.js';
import { ReconcileAuditEntity } from './reconcile-audit.entity.js';
import { ReconcileAuditsRepository } from './reconcile-audits.repository.js';
import { ReconcileHashUseCase } from './reconcile-hash.use-case.js';
import { ReconcileRefusalAuditInterceptor } from './reconcile-refusal-audit.interceptor.js';

// Operators' reconciliation of an on-chain transaction the stream missed, audited.
@OwnsTables({ entities: [ReconcileAuditEntity] })
@Module({
  controllers: [OpsReconcileController],
  providers: [ReconcileAuditsRepository, ReconcileHashUseCase, ReconcileRefusalAuditInterceptor],
})
export class ReconciliationModule {}
