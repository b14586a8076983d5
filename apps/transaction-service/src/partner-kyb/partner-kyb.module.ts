import { Global, Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { KybGate } from './kyb-gate.js';
import { OpsPartnerKybController } from './ops-partner-kyb.controller.js';
import { PartnerKybAuditEntity } from './partner-kyb-audit.entity.js';
import { PartnerKybEntity } from './partner-kyb.entity.js';
import { partnerKybMigrations } from './migrations/migrations.js';
import { PartnerKybRepository } from './partner-kyb.repository.js';

// Each partner's business verification (KYB), set by operators: a pending partner's completed
// volume is limited, a rejected one creates no transaction.
@Global()
@OwnsTables({ entities: [PartnerKybEntity, PartnerKybAuditEntity], migrations: partnerKybMigrations })
@Module({
  controllers: [OpsPartnerKybController],
  providers: [PartnerKybRepository, KybGate],
  exports: [KybGate],
})
export class PartnerKybModule {}
