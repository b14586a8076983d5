import { Global, Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { OpsRefundsController } from './ops-refunds.controller.js';
import { RecordRefundOutcomeUseCase } from './record-refund-outcome.use-case.js';
import { RefundMetrics } from './refund-metrics.js';
import { RefundRequests } from './refund-requests.js';
import { RefundSettledConsumer } from './refund-settled.consumer.js';
import { RefundEntity } from './refund.entity.js';
import { RefundsNeedingAttentionQuery } from './refunds-needing-attention.query.js';
import { RefundsRepository } from './refunds.repository.js';

// Crypto sent back to a deposit's sender: requested here, sent by chain-watchers, its outcome
// recorded on the refund (the transaction's timeline lists it; its status does not move).
@Global()
@OwnsTables({ entities: [RefundEntity] })
@Module({
  controllers: [OpsRefundsController],
  providers: [
    RefundsRepository,
    RefundsNeedingAttentionQuery,
    RefundMetrics,
    RefundRequests,
    RecordRefundOutcomeUseCase,
    RefundSettledConsumer,
  ],
  exports: [RefundRequests],
})
export class RefundsModule {}
