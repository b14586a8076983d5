import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import type { OutboxTransaction } from '@platform/messaging';
import {
  PayoutTopic,
  type PayoutTopics,
  type TransactionRefundSummary,
  type TransactionStatus,
  type TransactionStatusChangedV1,
} from '@shared/contracts';
import { statusChangedEvent } from './transaction-status-changed.event.js';
import type { TransactionEntity } from './transaction.entity.js';
import { TransactionsRepository } from './transactions.repository.js';

export interface JournaledChange {
  readonly change: TransactionStatusChangedV1['change'];
  readonly previousStatus: TransactionStatus | null;
  readonly idempotencyKey: string;
  readonly occurredAt: Date;
  // The refund the change calls for (requested with it), or null.
  readonly refund: TransactionRefundSummary | null;
}

// Writes a change that was just made to `transaction` (its eventSequence already advanced) to the
// journal and the outbox, in the caller's database transaction.
@Injectable()
export class TransactionJournal {
  constructor(
    private readonly transactions: TransactionsRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async record(
    tx: OutboxTransaction<PayoutTopics>,
    transaction: TransactionEntity,
    change: JournaledChange,
  ): Promise<void> {
    await this.transactions.appendJournal(tx, {
      transactionId: transaction.id,
      sequence: transaction.eventSequence,
      idempotencyKey: change.idempotencyKey,
      change: change.change,
      fromStatus: change.previousStatus,
      toStatus: transaction.status,
      occurredAt: change.occurredAt,
    });
    await tx.publish(
      PayoutTopic.TransactionStatusChanged,
      statusChangedEvent(transaction, change.change, change.previousStatus, change.occurredAt, change.refund),
      { key: transaction.id },
    );
    // At info, once committed: `grep <transaction id>` reads a payout's life in the log.
    tx.afterCommit(() =>
      this.logger.info(
        {
          transactionId: transaction.id,
          change: change.change,
          from: change.previousStatus,
          to: transaction.status,
          sequence: transaction.eventSequence,
          refund: change.refund,
        },
        change.change === 'CREATED' ? 'transaction created' : 'transaction status changed',
      ),
    );
  }
}
