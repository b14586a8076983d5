import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { RecurringPass } from '@shared/util';
import { IdempotentRequests } from '../idempotency/idempotent-requests.js';
import { TransactionServiceConfig } from '../core/transaction-service.config.js';
import { ExpireTransactionsUseCase } from './expire-transactions.use-case.js';

// Every EXPIRY_SWEEP_MS in every replica (both are idempotent): expires unpaid transactions and
// forgets Idempotency-Keys past their retention.
@Injectable()
export class ExpirySweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly passes = new RecurringPass(
    () => this.sweep(),
    (error) => this.logger.error({ err: error }, 'expiry sweep failed'),
  );

  constructor(
    private readonly expire: ExpireTransactionsUseCase,
    private readonly idempotentRequests: IdempotentRequests,
    private readonly config: TransactionServiceConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.passes.start(this.config.EXPIRY_SWEEP_MS, { runNow: false });
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.passes.stop();
  }

  private async sweep(): Promise<void> {
    const expired = await this.expire.execute();
    if (expired > 0) this.logger.info({ expired }, 'unpaid transactions expired');
    const forgotten = await this.idempotentRequests.forgetExpired();
    if (forgotten > 0) this.logger.info({ forgotten }, 'idempotency keys past retention forgotten');
  }
}
