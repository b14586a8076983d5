import { Injectable } from '@nestjs/common';
import type { OutboxTransaction } from '@platform/messaging';
import type { PayoutTopics, RefundRequestedV1 } from '@shared/contracts';
import { Clock } from '@shared/util';
import { RefundWorker } from './refund-worker.js';
import { RefundsRepository } from './refunds.repository.js';

// Records a requested refund once per refundId (in the consumer's transaction, with its inbox
// row) and wakes the worker once that is committed.
@Injectable()
export class AcceptRefundUseCase {
  constructor(
    private readonly refunds: RefundsRepository,
    private readonly worker: RefundWorker,
    private readonly clock: Clock,
  ) {}

  async within(tx: OutboxTransaction<PayoutTopics>, request: RefundRequestedV1): Promise<void> {
    await this.refunds.insertIfNew(tx.manager, {
      refundId: request.refundId,
      transactionId: request.transactionId,
      blockchain: request.blockchain,
      cryptoCurrency: request.cryptoCurrency,
      destination: request.destination,
      amount: request.amount,
      reason: request.reason,
      status: 'REQUESTED',
      onChainTx: null,
      failureReason: null,
      requestedAt: this.clock.now(),
      settledAt: null,
      leasedUntil: null,
    });
    tx.afterCommit(() => this.worker.kick());
  }
}
