import { Injectable } from '@nestjs/common';
import type { OutboxTransaction } from '@platform/messaging';
import { decimal } from '@payout/money';
import type { PayoutTopics } from '@shared/contracts';
import { Clock } from '@shared/util';
import type { TransactionEntity } from '../transactions/transaction.entity.js';
import { PayoutWorker } from './payout-worker.js';
import { PayoutsRepository } from './payouts.repository.js';

// A funded transaction's payout is a row committed with the funding: the worker sends it after
// the commit, and again after a crash, never from a promise that could die with the process.
@Injectable()
export class PayoutScheduler {
  constructor(
    private readonly payouts: PayoutsRepository,
    private readonly worker: PayoutWorker,
    private readonly clock: Clock,
  ) {}

  async schedule(tx: OutboxTransaction<PayoutTopics>, transaction: TransactionEntity): Promise<void> {
    const now = this.clock.now();
    await this.payouts.insertIfNew(tx, {
      transactionId: transaction.id,
      rail: transaction.paymentMethod,
      amount: decimal(transaction.targetAmount).toFixed(),
      currency: transaction.targetCurrency,
      status: 'PENDING',
      railReference: null,
      failureReason: null,
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    });
    tx.afterCommit(() => this.worker.kick());
  }
}
