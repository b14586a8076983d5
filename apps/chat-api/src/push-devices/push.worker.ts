import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { Clock, RecurringPass } from '@shared/util';
import { ChatApiConfig } from '../core/chat-api.config.js';
import { pushServiceOf } from '../core/push-service.js';
import { PushJobRunner } from './push-job.runner.js';
import { PushJobsRepository } from './push-jobs.repository.js';

const BATCH = 20;

// Talks to the bouncer for every replica's queued work (push-job.entity.ts), a batch of due
// calls at a time. Runs only when a push service is configured; work queued on this replica
// wakes it at once.
@Injectable()
export class PushWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly passes = new RecurringPass(
    () => this.drain(),
    (error) => this.logger.error({ err: error }, 'push worker round failed'),
  );

  constructor(
    private readonly jobs: PushJobsRepository,
    private readonly runner: PushJobRunner,
    private readonly config: ChatApiConfig,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    if (pushServiceOf(this.config)) this.passes.start(this.config.CHAT_PUSH_POLL_MS, { runNow: true });
  }

  // A call under way is not waited for: its claim lapses and it is made again.
  onApplicationShutdown(): void {
    void this.passes.stop();
  }

  wake(): void {
    this.passes.kick();
  }

  private async drain(): Promise<void> {
    while (!this.passes.stopped) {
      const due = await this.jobs.claimDue(this.clock.now(), this.config.CHAT_PUSH_LEASE_MS, BATCH);
      if (due.length === 0) return;
      await Promise.all(due.map((job) => this.runner.run(job)));
    }
  }
}
