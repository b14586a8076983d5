import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { IdempotentRequests } from '../idempotency/idempotent-requests.js';
import { TransactionServiceConfig } from '../transaction-service.config.js';
import { ExpireTransactionsUseCase } from './expire-transactions.use-case.js';

// Every EXPIRY_SWEEP_MS in every replica (both are idempotent): expires unpaid transactions and
// forgets Idempotency-Keys past their retention.
@Injectable()
export class ExpirySweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly expire: ExpireTransactionsUseCase,
    private readonly idempotentRequests: IdempotentRequests,
    private readonly config: TransactionServiceConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.sweep(), this.config.EXPIRY_SWEEP_MS);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  private sweep(): void {
    if (this.running) return;
    this.running = this.expire
      .execute()
      .then(async (expired) => {
        if (expired > 0) this.logger.info({ expired }, 'unpaid transactions expired');
        const forgotten = await this.idempotentRequests.forgetExpired();
        if (forgotten > 0) this.logger.info({ forgotten }, 'idempotency keys past retention forgotten');
      })
      .catch((error: unknown) => this.logger.error({ err: error }, 'expiry sweep failed'))
      .finally(() => {
        this.running = null;
      });
  }
}
