import { Global, Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { PayoutScheduler } from './payout-scheduler.js';
import { PayoutMetrics } from './payout-metrics.js';
import { PayoutWorker } from './payout-worker.js';
import { PayoutEntity } from './payout.entity.js';
import { PayoutsRepository } from './payouts.repository.js';
import { ProcessPayoutUseCase } from './process-payout.use-case.js';
import { RailAdapters } from './rail-adapters.js';
import { RailCallbacks } from './rail-callbacks.js';
import { RailCallbacksController } from './rail-callbacks.controller.js';
import { RecordPayoutOutcomeUseCase } from './record-payout-outcome.use-case.js';

// Fiat paid to the recipient over the transaction's rail (PIX, Bre-B), once it is funded.
@Global()
@OwnsTables({ entities: [PayoutEntity] })
@Module({
  controllers: [RailCallbacksController],
  providers: [
    PayoutsRepository,
    RailAdapters,
    RecordPayoutOutcomeUseCase,
    ProcessPayoutUseCase,
    PayoutWorker,
    PayoutScheduler,
    RailCallbacks,
    PayoutMetrics,
  ],
  exports: [PayoutScheduler, RailAdapters],
})
export class PayoutsModule {}
