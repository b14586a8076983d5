import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { Clock, RecurringPass } from '@shared/util';
import { TransactionServiceConfig } from '../core/transaction-service.config.js';
import { PayoutsRepository } from './payouts.repository.js';
import { ProcessPayoutUseCase } from './process-payout.use-case.js';

const BATCH = 20;

// Sends and follows the payouts due, in every replica: a claim (FOR UPDATE SKIP LOCKED, then a
// lease) keeps two workers off one payout, and the idempotency key keeps even those from paying
// twice. Woken at once after a funding commit or a rail callback; otherwise it polls.
@Injectable()
export class PayoutWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly passes = new RecurringPass(
    () => this.drain(),
    (error) => this.logger.error({ err: error }, 'payout worker could not claim payouts'),
  );

  constructor(
    private readonly payouts: PayoutsRepository,
    private readonly processPayout: ProcessPayoutUseCase,
    private readonly config: TransactionServiceConfig,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.passes.start(Math.min(this.config.PAYOUT_RETRY_MS, 1_000), { runNow: true });
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.passes.stop();
  }

  kick(): void {
    this.passes.kick();
  }

  private async drain(): Promise<void> {
    // A claim outlives the slowest rail call, so no other worker takes a payout mid-call.
    const lease = Math.max(this.config.PAYOUT_RETRY_MS, 2 * this.config.RAIL_TIMEOUT_MS);
    for (;;) {
      const due = await this.payouts.claimDue(this.clock.now(), lease, BATCH);
      await Promise.all(
        due.map((claimed) =>
          this.step(claimed.payout.transactionId, () => this.processPayout.execute(claimed)),
        ),
      );
      if (due.length < BATCH || this.passes.stopped) return;
    }
  }

  private async step(transactionId: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      // Left claimed: the lease runs out and the same idempotency key is used again.
      this.logger.warn({ err: error, transactionId }, 'payout step failed; it will be retried');
    }
  }
}
