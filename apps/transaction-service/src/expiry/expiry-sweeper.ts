import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { TransactionServiceConfig } from '../transaction-service.config.js';
import { ExpireTransactionsUseCase } from './expire-transactions.use-case.js';

// Runs the expiry rule every EXPIRY_SWEEP_MS in every replica (the moves are idempotent).
@Injectable()
export class ExpirySweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly expire: ExpireTransactionsUseCase,
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
      .then((expired) => {
        if (expired > 0) this.logger.info({ expired }, 'unpaid transactions expired');
      })
      .catch((error: unknown) => this.logger.error({ err: error }, 'expiry sweep failed'))
      .finally(() => {
        this.running = null;
      });
  }
}
