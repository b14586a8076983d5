import { Injectable } from '@nestjs/common';
import type { OutboxTransaction } from '@platform/messaging';
import type { PayoutTopics, TransactionRefundSummary } from '@shared/contracts';
import { decimal } from '@payout/money';
import { Clock } from '@shared/util';
import { TransactionJournal } from '../transactions/transaction-journal.js';
import { transactionNotFound } from '../core/errors/transaction.errors.js';
import { TransactionsRepository } from '../transactions/transactions.repository.js';
import type { RefundEntity } from './refund.entity.js';

// Announces a refund's state as a `REFUND` change of its transaction: journaled, next sequence,
// status unchanged. Each refund state is announced once; a refund without a transaction is not.
@Injectable()
export class RefundAnnouncement {
  constructor(
    private readonly transactions: TransactionsRepository,
    private readonly journal: TransactionJournal,
    private readonly clock: Clock,
  ) {}

  async announce(tx: OutboxTransaction<PayoutTopics>, refund: RefundEntity): Promise<void> {
    // A held transfer's refund has no transaction to announce it on.
    if (refund.transactionId === null) return;
    const current = await this.transactions.lockForChange(tx, refund.transactionId);
    if (!current) throw transactionNotFound();
    const idempotencyKey = `refund:${refund.id}:${refund.status}`;
    if (await this.transactions.journaled(tx, current.id, idempotencyKey)) return;
    const next = { ...current, eventSequence: current.eventSequence + 1 };
    await this.transactions.saveChange(tx, next);
    await this.journal.record(tx, next, {
      change: 'REFUND',
      previousStatus: current.status,
      idempotencyKey,
      occurredAt: this.clock.now(),
      refund: refundSummary(refund),
    });
  }
}

export function refundSummary(refund: RefundEntity): TransactionRefundSummary {
  return {
    status: refund.status,
    amount: decimal(refund.amount).toFixed(),
    onChainTx: refund.onChainTx,
    reason: refund.failureReason ?? refund.reason,
  };
}
