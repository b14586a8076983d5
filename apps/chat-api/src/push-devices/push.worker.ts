import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import { Clock, RecurringPass } from '@shared/util';
import { ChatApiConfig } from '../core/chat-api.config.js';
import { pushServiceOf } from '../core/push-service.js';
import { PushJobRunner } from './push-job.runner.js';
import { PushJobsRepository } from './push-jobs.repository.js';
import { PushNoticesRepository } from './push-notices.repository.js';

const BATCH = 20;

// Talks to the bouncer for every replica's queued work (push-job.entity.ts), a batch of due
// calls at a time, and turns notifications of messages since read into removal calls. Runs
// only when a push service is configured; work queued on this replica wakes it at once.
@Injectable()
export class PushWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly passes = new RecurringPass(
    () => this.drain(),
    (error) => this.logger.error({ err: error }, 'push worker round failed'),
  );

  constructor(
    private readonly jobs: PushJobsRepository,
    private readonly notices: PushNoticesRepository,
    private readonly runner: PushJobRunner,
    private readonly config: ChatApiConfig,
    private readonly clock: Clock,
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
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
    await this.queueRemovals();
    while (!this.passes.stopped) {
      const due = await this.jobs.claimDue(this.clock.now(), this.config.CHAT_PUSH_LEASE_MS, BATCH);
      if (due.length === 0) return;
      await Promise.all(due.map((job) => this.runner.run(job)));
    }
  }

  // One removal call per user for the notifications whose messages are no longer unread,
  // queued in the transaction that takes those notices.
  private async queueRemovals(): Promise<void> {
    await this.outbox.run(async (tx) => {
      const finished = await this.notices.collectFinished(tx.manager);
      const byUser = new Map<number, { realmId: number; messageIds: number[] }>();
      for (const notice of finished) {
        const entry = byUser.get(notice.userId) ?? { realmId: notice.realmId, messageIds: [] };
        entry.messageIds.push(notice.messageId);
        byUser.set(notice.userId, entry);
      }
      await this.jobs.enqueue(
        tx.manager,
        [...byUser].map(([userId, { realmId, messageIds }]) => ({
          kind: 'remove' as const,
          realmId,
          userId,
          data: { messageIds },
        })),
        this.clock.now(),
      );
    });
  }
}
