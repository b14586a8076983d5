import { Global, Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { CapChargeEntity } from './cap-charge.entity.js';
import { CapUsageController } from './cap-usage.controller.js';
import { CapUsageEntity } from './cap-usage.entity.js';
import { CapUsageView } from './cap-usage.view.js';
import { DailyCaps } from './daily-caps.js';
import { DailyCapsRepository } from './daily-caps.repository.js';
import { dailyCapsMigrations } from './migrations/migrations.js';
import { OpsCapUsageController } from './ops-cap-usage.controller.js';
import { RailCapsClient } from './rail-caps.client.js';

// The rails' payout caps, enforced at accept and given back when a payout ends unpaid; the
// partner's usage against them. The caps themselves are quote-service's (operators set them there).
@Global()
@OwnsTables({ entities: [CapUsageEntity, CapChargeEntity], migrations: dailyCapsMigrations })
@Module({
  controllers: [CapUsageController, OpsCapUsageController],
  providers: [DailyCapsRepository, RailCapsClient, DailyCaps, CapUsageView],
  exports: [DailyCaps],
})
export class DailyCapsModule {}
