import { Injectable } from '@nestjs/common';
import { TransactionStatus } from '@shared/contracts';
import { Clock } from '@shared/util';
import { TransactionServiceConfig } from '../core/transaction-service.config.js';
import { TransactionError, TransactionErrorCode } from '../core/errors/transaction.errors.js';
import { TransactionsRepository } from '../transactions/transactions.repository.js';
import { TransitionTransactionUseCase } from '../transactions/transition-transaction.use-case.js';

const BATCH = 100;

// Moves transactions nobody paid to PAYMENT_EXPIRED once their quote is over (plus a grace for a
// transfer confirmed in time but reported late). Each move is keyed `expire:<id>`, so replicas
// sweeping together move each transaction once; a deposit committed first wins the race.
@Injectable()
export class ExpireTransactionsUseCase {
  constructor(
    private readonly transactions: TransactionsRepository,
    private readonly transition: TransitionTransactionUseCase,
    private readonly config: TransactionServiceConfig,
    private readonly clock: Clock,
  ) {}

  // How many transactions it expired.
  async execute(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - this.config.EXPIRY_GRACE_MS);
    const due = await this.transactions.idsAwaitingPaymentExpiredBefore(cutoff, BATCH);
    let expired = 0;
    for (const id of due) {
      try {
        const outcome = await this.transition.execute({
          transactionId: id,
          to: TransactionStatus.PAYMENT_EXPIRED,
          idempotencyKey: `expire:${id}`,
        });
        if (outcome.applied) expired += 1;
      } catch (error) {
        // Funded (or refused) since it was read: nothing to expire.
        if (!(error instanceof TransactionError && error.code === TransactionErrorCode.INVALID_TRANSITION)) {
          throw error;
        }
      }
    }
    return expired;
  }
}
