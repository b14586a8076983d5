import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { TransactionalOutbox, type OutboxTransaction } from '@platform/messaging';
import { decimal } from '@payout/money';
import { TransactionStatus, type PayoutTopics } from '@shared/contracts';
import { Clock } from '@shared/util';
import { DepositsRepository } from '../deposits/deposits.repository.js';
import { RefundRequests } from '../refunds/refund-requests.js';
import { refundSummary } from '../refunds/refund-summary.js';
import type { RefundEntity } from '../refunds/refund.entity.js';
import { TransactionsRepository } from '../transactions/transactions.repository.js';
import { TransitionTransactionUseCase } from '../transactions/transition-transaction.use-case.js';
import { TransactionServiceConfig } from '../core/transaction-service.config.js';
import type { PayoutEntity } from './payout.entity.js';
import { PayoutMetrics } from './payout-metrics.js';
import { PayoutsRepository } from './payouts.repository.js';
import type { RailPayoutState } from './rail-adapter.js';

// What the rail said about a payout, applied once: accepted → polled later; settled →
// PAYMENT_COMPLETED with the rail's reference; failed → PAYMENT_FAILED and the deposit refunded.
@Injectable()
export class RecordPayoutOutcomeUseCase {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<PayoutTopics>,
    private readonly payouts: PayoutsRepository,
    private readonly deposits: DepositsRepository,
    private readonly transactions: TransactionsRepository,
    private readonly transition: TransitionTransactionUseCase,
    private readonly refunds: RefundRequests,
    private readonly config: TransactionServiceConfig,
    private readonly clock: Clock,
    private readonly metrics: PayoutMetrics,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  // Called in the transaction's trace (the payout worker's step continues it).
  execute(transactionId: string, state: RailPayoutState): Promise<void> {
    return this.outbox.run(async (tx) => {
      const payout = await this.payouts.lockForChange(tx, transactionId);
      if (!payout || payout.status === 'SETTLED' || payout.status === 'FAILED') return;
      const now = this.clock.now();
      const next: PayoutEntity = {
        ...payout,
        status: state.status === 'ACCEPTED' ? 'SUBMITTED' : state.status,
        railReference: state.railReference ?? payout.railReference,
        failureReason: state.failureReason,
        nextAttemptAt: new Date(now.getTime() + this.config.PAYOUT_RETRY_MS),
        updatedAt: now,
      };
      await this.payouts.save(tx, next);
      if (next.status !== payout.status) {
        this.metrics.changedWithin(tx, next);
        const { rail, status, railReference, failureReason } = next;
        tx.afterCommit(() =>
          this.logger.info({ transactionId, rail, status, railReference, failureReason }, 'payout changed'),
        );
      }
      if (next.status === 'SUBMITTED') return;
      // A failed payout's refund is asked first, so the PAYMENT_FAILED event carries it.
      const refund = next.status === 'FAILED' ? await this.refundDeposit(tx, transactionId) : null;
      await this.transition.within(tx, {
        transactionId,
        to:
          next.status === 'SETTLED' ? TransactionStatus.PAYMENT_COMPLETED : TransactionStatus.PAYMENT_FAILED,
        idempotencyKey: `payout:${transactionId}:${next.status}`,
        refund: refund && refundSummary(refund),
      });
    });
  }

  private async refundDeposit(
    tx: OutboxTransaction<PayoutTopics>,
    transactionId: string,
  ): Promise<RefundEntity | null> {
    const transaction = await this.transactions.lockForChange(tx, transactionId);
    const deposit = await this.deposits.fundingDepositOf(tx, transactionId);
    if (!transaction || !deposit) return null;
    // The excess, if any, went back at funding: what the payout would have used goes back now.
    const amount = decimal(transaction.sourceAmount).toFixed();
    return this.refunds.request(tx, transactionId, deposit, amount, 'PAYOUT_FAILED');
  }
}
