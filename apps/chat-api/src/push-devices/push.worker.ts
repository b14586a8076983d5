import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { Clock } from '@shared/util';
import { QueueDrainer } from '../core/background/queue-drainer.js';
import { ChatApiConfig } from '../core/chat-api.config.js';
import { pushServiceOf } from '../core/push-service.js';
import { PushJobRunner } from './push-job.runner.js';
import type { PushJobEntity } from './push-job.entity.js';
import { PushJobsRepository } from './push-jobs.repository.js';

const BATCH = 20;

// Talks to the bouncer for every replica's queued work (push-job.entity.ts), a batch of due
// calls at a time. Runs only when a push service is configured; work queued on this replica
// wakes it at once.
@Injectable()
export class PushWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly queue: QueueDrainer<PushJobEntity>;

  constructor(
    jobs: PushJobsRepository,
    runner: PushJobRunner,
    private readonly config: ChatApiConfig,
    clock: Clock,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.queue = new QueueDrainer(
      () => jobs.claimDue(clock.now(), config.CHAT_PUSH_LEASE_MS, BATCH),
      (job) => runner.run(job),
      logger,
      'push worker round failed',
    );
  }

  onApplicationBootstrap(): void {
    if (pushServiceOf(this.config)) this.queue.start(this.config.CHAT_PUSH_POLL_MS);
  }

  // A call under way is not waited for: its claim lapses and it is made again.
  onApplicationShutdown(): void {
    this.queue.stop();
  }

  wake(): void {
    this.queue.wake();
  }
}
