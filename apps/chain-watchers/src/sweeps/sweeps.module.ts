import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { DepositSweeper } from './deposit-sweeper.js';
import { InternalSweepsController } from './internal-sweeps.controller.js';
import { SweepAttemptEntity } from './sweep-attempt.entity.js';
import { SweepItemEntity } from './sweep-item.entity.js';
import { SweepWorker } from './sweep-worker.js';
import { SweepMetrics } from './sweep.metrics.js';
import { SweepEntity } from './sweep.entity.js';
import { SweepsRepository } from './sweeps.repository.js';

// Sweeps of the per-transaction deposit accounts into each chain's treasury (its hot wallet).
@OwnsTables({ entities: [SweepEntity, SweepItemEntity, SweepAttemptEntity] })
@Module({
  controllers: [InternalSweepsController],
  providers: [SweepsRepository, DepositSweeper, SweepWorker, SweepMetrics],
})
export class SweepsModule {}
