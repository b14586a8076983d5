import { Injectable } from '@nestjs/common';
import type { OutboxTransaction } from '@platform/messaging';
import type { PayoutTopics, RefundSettledV1 } from '@shared/contracts';
import { RefundAnnouncement } from './refund-announcement.js';
import { RefundEntity } from './refund.entity.js';

// chain-watchers sent a refund (or gave up): recorded on the refund and announced as a REFUND
// change of its transaction, whose status stays as it is. A refund settles once.
@Injectable()
export class RecordRefundOutcomeUseCase {
  constructor(private readonly announcement: RefundAnnouncement) {}

  async within(tx: OutboxTransaction<PayoutTopics>, outcome: RefundSettledV1): Promise<void> {
    const refund = await tx.manager.findOne(RefundEntity, {
      where: { id: outcome.refundId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!refund || refund.status !== 'REQUESTED') return;
    const settled: RefundEntity = {
      ...refund,
      status: outcome.status,
      onChainTx: outcome.onChainTx,
      failureReason: outcome.status === 'FAILED' ? (outcome.reason ?? 'refund failed') : null,
      settledAt: new Date(outcome.settledAt),
    };
    await tx.manager.update(
      RefundEntity,
      { id: refund.id },
      {
        status: settled.status,
        onChainTx: settled.onChainTx,
        failureReason: settled.failureReason,
        settledAt: settled.settledAt,
      },
    );
    await this.announcement.announce(tx, settled);
  }
}
