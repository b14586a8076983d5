import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { AcceptRefundUseCase } from './accept-refund.use-case.js';
import { RefundAttemptEntity } from './refund-attempt.entity.js';
import { RefundRequestedConsumer } from './refund-requested.consumer.js';
import { refundsMigrations } from './migrations/migrations.js';
import { RefundWorker } from './refund-worker.js';
import { RefundEntity } from './refund.entity.js';
import { RefundsRepository } from './refunds.repository.js';

// Refunds of recorded deposits: accepted from chain.refund.requested.v1, sent from the chain's
// hot wallet by the one refund worker, announced as chain.refund.settled.v1.
@OwnsTables({ entities: [RefundEntity, RefundAttemptEntity], migrations: refundsMigrations })
@Module({
  providers: [RefundsRepository, RefundWorker, AcceptRefundUseCase, RefundRequestedConsumer],
})
export class RefundsModule {}
