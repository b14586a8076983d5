import { Injectable } from '@nestjs/common';
import type { OutboxTransaction } from '@platform/messaging';
import { PayoutTopic, type PayoutTopics } from '@shared/contracts';
import { Clock, IdGenerator } from '@shared/util';
import type { DepositEntity } from '../deposits/deposit.entity.js';
import { RefundAnnouncement } from './refund-announcement.js';
import type { RefundEntity, RefundReason } from './refund.entity.js';
import { RefundMetrics } from './refund-metrics.js';
import { RefundsRepository } from './refunds.repository.js';

// Asks chain-watchers to send crypto back to a deposit's sender: the refund row, the
// `chain.refund.requested.v1` event and the REFUND announcement commit together, once per
// deposit and reason.
@Injectable()
export class RefundRequests {
  constructor(
    private readonly refunds: RefundsRepository,
    private readonly announcement: RefundAnnouncement,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly metrics: RefundMetrics,
  ) {}

  async request(
    tx: OutboxTransaction<PayoutTopics>,
    transactionId: string,
    deposit: DepositEntity,
    amount: string,
    reason: RefundReason,
  ): Promise<void> {
    const refund: RefundEntity = {
      id: this.ids.uuid(),
      transactionId,
      depositId: deposit.id,
      blockchain: deposit.blockchain,
      cryptoCurrency: deposit.cryptoCurrency,
      destination: deposit.sender,
      amount,
      reason,
      status: 'REQUESTED',
      onChainTx: null,
      failureReason: null,
      requestedAt: this.clock.now(),
      settledAt: null,
    };
    if (!(await this.refunds.insertIfNew(tx, refund))) return;
    await tx.publish(
      PayoutTopic.RefundRequested,
      {
        refundId: refund.id,
        transactionId,
        blockchain: refund.blockchain,
        cryptoCurrency: refund.cryptoCurrency,
        destination: refund.destination,
        amount,
        reason,
        depositOnChainTx: deposit.onChainTx,
        depositTransferIndex: deposit.transferIndex,
      },
      { key: transactionId },
    );
    await this.announcement.announce(tx, refund);
    this.metrics.requestedWithin(tx, refund);
  }
}
