import { continueTrace } from '@platform/logging';
import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox, type OutboxTransaction } from '@platform/messaging';
import type { PayoutTopics, TransactionRefundSummary, TransactionStatus } from '@shared/contracts';
import { Clock } from '@shared/util';
import { DailyCaps } from '../daily-caps/daily-caps.js';
import { TransactionJournal } from './transaction-journal.js';
import { assertTransition } from './transaction-transitions.js';
import type { TransactionEntity } from './transaction.entity.js';
import { transactionNotFound } from '../core/errors/transaction.errors.js';
import { TransactionsRepository } from './transactions.repository.js';

export interface TransitionCommand {
  readonly transactionId: string;
  readonly to: TransactionStatus;
  // What caused the move (`deposit:<chain>:<tx>`, `expire:<id>`, `payout:<railId>`…): a cause
  // already journaled for this transaction is not applied again.
  readonly idempotencyKey: string;
  // Recorded with the move when the cause is an on-chain transfer.
  readonly onChainTxHash?: string;
  // The refund the move calls for, requested in the same database transaction: the partner hears
  // of both in one event (a refund is never announced by itself).
  readonly refund?: TransactionRefundSummary | null;
}

export interface TransitionOutcome {
  // False when the cause had already been applied: nothing changed, nothing was published.
  readonly applied: boolean;
  readonly transaction: TransactionEntity;
}

// Moves a transaction along the transitions table: row locked, move checked, status and journal
// written and the event (next `sequence`) put in the outbox, all in one database transaction.
// Rules that decide *which* move to make (funding, expiry, payout outcomes) call this.
@Injectable()
export class TransitionTransactionUseCase {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<PayoutTopics>,
    private readonly transactions: TransactionsRepository,
    private readonly journal: TransactionJournal,
    private readonly clock: Clock,
    private readonly dailyCaps: DailyCaps,
  ) {}

  execute(command: TransitionCommand): Promise<TransitionOutcome> {
    return this.outbox.run((tx) => this.within(tx, command));
  }

  // For callers that write their own rows (a deposit, a refund) in the same database transaction.
  async within(tx: OutboxTransaction<PayoutTopics>, command: TransitionCommand): Promise<TransitionOutcome> {
    const current = await this.transactions.lockForChange(tx, command.transactionId);
    if (!current) throw transactionNotFound();
    if (await this.transactions.journaled(tx, current.id, command.idempotencyKey)) {
      return { applied: false, transaction: current };
    }
    assertTransition(current.status, command.to);
    return continueTrace(current, 'transition transaction', () => this.move(tx, current, command));
  }

  // The move's writes and event, in the transaction's own trace (whoever asked for the move).
  private async move(
    tx: OutboxTransaction<PayoutTopics>,
    current: TransactionEntity,
    command: TransitionCommand,
  ): Promise<TransitionOutcome> {
    const occurredAt = this.clock.now();
    const next: TransactionEntity = {
      ...current,
      status: command.to,
      onChainTxHash: command.onChainTxHash ?? current.onChainTxHash,
      eventSequence: current.eventSequence + 1,
      statusChangedAt: occurredAt,
    };
    await this.transactions.saveChange(tx, next);
    await this.dailyCaps.settle(tx, next);
    await this.journal.record(tx, next, {
      change: 'STATUS',
      previousStatus: current.status,
      idempotencyKey: command.idempotencyKey,
      occurredAt,
      refund: command.refund ?? null,
    });
    return { applied: true, transaction: next };
  }
}
