import { Global, Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { KybGate } from './kyb-gate.js';
import { OpsPartnerKybController } from './ops-partner-kyb.controller.js';
import { PartnerKybEntity } from './partner-kyb.entity.js';
import { PartnerKybRepository } from './partner-kyb.repository.js';

// Each partner's business verification (KYB), set by operators: a pending partner's completed
// volume is limited, a rejected one creates no transaction.
@Global()
@OwnsTables({ entities: [PartnerKybEntity] })
@Module({
  controllers: [OpsPartnerKybController],
  providers: [PartnerKybRepository, KybGate],
  exports: [KybGate],
})
export class PartnerKybModule {}
