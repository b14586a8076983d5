import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import type { OutboxTransaction } from '@platform/messaging';
import type { PayoutTopics, RefundSettledV1 } from '@shared/contracts';
import type { RefundEntity } from './refund.entity.js';
import { RefundMetrics } from './refund-metrics.js';
import { RefundsRepository } from './refunds.repository.js';

// chain-watchers sent a refund (or gave up): recorded on the refund; its transaction's status
// stays as it is. A refund settles once.
@Injectable()
export class RecordRefundOutcomeUseCase {
  constructor(
    private readonly refunds: RefundsRepository,
    private readonly metrics: RefundMetrics,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async within(tx: OutboxTransaction<PayoutTopics>, outcome: RefundSettledV1): Promise<void> {
    const refund = await this.refunds.lockForSettlement(tx, outcome.refundId);
    if (!refund || refund.status !== 'REQUESTED') return;
    const settled: RefundEntity = {
      ...refund,
      status: outcome.status,
      onChainTx: outcome.onChainTx,
      failureReason: outcome.status === 'FAILED' ? (outcome.reason ?? 'refund failed') : null,
      settledAt: new Date(outcome.settledAt),
    };
    await this.refunds.saveSettlement(tx, settled);
    this.metrics.settledWithin(tx, settled);
    const { id: refundId, transactionId, status, onChainTx, failureReason } = settled;
    tx.afterCommit(() =>
      this.logger.info({ transactionId, refundId, status, onChainTx, failureReason }, 'refund settled'),
    );
  }
}
