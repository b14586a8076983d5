import type { BeforeApplicationShutdown, OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from '@platform/logging';
import { LeasedWorkLoop } from './leased-work-loop.js';
import type { WebhookDispatcherConfig } from './webhook-dispatcher.config.js';

// A worker of the dispatcher: its own leased work loop, started with the app and drained before
// it stops, WEBHOOK_CONCURRENCY items at a time and polling every WEBHOOK_POLL_INTERVAL_MS. A claim
// that fails is logged and counts as none: the next poll tries again.
export abstract class LeasedWorker<T> implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly loop: LeasedWorkLoop<T>;

  protected constructor(
    config: WebhookDispatcherConfig,
    protected readonly logger: Logger,
    private readonly claimFailedMessage: string,
  ) {
    this.loop = new LeasedWorkLoop({
      capacity: config.WEBHOOK_CONCURRENCY,
      pollIntervalMs: config.WEBHOOK_POLL_INTERVAL_MS,
      claim: (limit) => this.claimOrNone(limit),
      process: (item) => this.process(item),
      onProcessFailed: (error, item) => this.processFailed(error, item),
    });
  }

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.loop.stop();
  }

  // New work was committed: look now rather than at the next poll.
  kick(): void {
    this.loop.kick();
  }

  // Works on an item the caller claimed itself, outside the loop's capacity.
  protected perform(item: T): Promise<void> {
    return this.loop.perform(item);
  }

  // Leases up to `limit` due items.
  protected abstract claim(limit: number): Promise<readonly T[]>;

  protected abstract process(item: T): Promise<unknown>;

  protected abstract processFailed(error: unknown, item: T): void;

  private async claimOrNone(limit: number): Promise<readonly T[]> {
    try {
      return await this.claim(limit);
    } catch (error) {
      this.logger.error({ err: error }, this.claimFailedMessage);
      return [];
    }
  }
}
