import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { CorridorsModule } from '../corridors/corridors.module.js';
import { RailCapsModule } from '../rail-caps/rail-caps.module.js';
import { CorridorAdministration } from './corridor-administration.js';
import { CorridorAuditEntity } from './corridor-audit.entity.js';
import { CorridorAuditsRepository } from './corridor-audits.repository.js';
import { OpsCorridorsController } from './ops-corridors.controller.js';

// Operators' changes to the corridor catalogue and the rails' payout caps, each recorded in the corridor audit log.
@OwnsTables({ entities: [CorridorAuditEntity] })
@Module({
  imports: [CorridorsModule, RailCapsModule],
  controllers: [OpsCorridorsController],
  providers: [CorridorAdministration, CorridorAuditsRepository],
})
export class CorridorAdministrationModule {}
