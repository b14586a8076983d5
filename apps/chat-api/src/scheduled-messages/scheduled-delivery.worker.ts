import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { Clock } from '@shared/util';
import { ChatApiConfig } from '../core/chat-api.config.js';
import { ScheduledDelivery } from './scheduled-delivery.js';
import { ScheduledMessagesRepository } from './scheduled-messages.repository.js';

// Rows a lane claims and sends in one transaction.
const BATCH = 50;
// When due rows are all claimed by other replicas, look again this soon.
const CLAIMED_ELSEWHERE_RETRY_MS = 250;

// Sends scheduled messages and reminders when they fall due. The queue is the table: each round
// claims due rows (FOR UPDATE SKIP LOCKED, with a lease) so replicas share the work, and a
// restarted worker resumes from it. One timer is armed for the next due time; creating or
// editing a row on this replica re-arms it at once, and a bounded sleep catches what other
// replicas scheduled.
@Injectable()
export class ScheduledDeliveryWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private again = false;
  private stopped = false;

  constructor(
    private readonly rows: ScheduledMessagesRepository,
    private readonly delivery: ScheduledDelivery,
    private readonly config: ChatApiConfig,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.wake();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  wake(): void {
    this.arm(0);
  }

  private arm(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.round(), delayMs);
    this.timer.unref();
  }

  private async round(): Promise<void> {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    try {
      do {
        this.again = false;
        await this.drain();
      } while (this.again && !this.stopped);
      this.arm(await this.sleepLength());
    } catch (error) {
      this.logger.error({ err: error }, 'scheduled delivery round failed');
      this.arm(this.config.CHAT_SCHEDULER_MAX_SLEEP_MS);
    } finally {
      this.running = false;
    }
  }

  // Each lane claims and sends a batch at a time until nothing is due: a lane that finishes early
  // goes on with the next batch instead of waiting for the others.
  private async drain(): Promise<void> {
    const lane = async () => {
      while (!this.stopped) {
        const due = await this.rows.claimDue(this.clock.now(), this.config.CHAT_SCHEDULER_LEASE_MS, BATCH);
        if (due.length === 0) return;
        await this.delivery.deliver(due);
      }
    };
    await Promise.all(Array.from({ length: this.config.CHAT_SCHEDULER_CONCURRENCY }, lane));
  }

  private async sleepLength(): Promise<number> {
    const next = await this.rows.nextDue();
    const max = this.config.CHAT_SCHEDULER_MAX_SLEEP_MS;
    if (!next) return max;
    const wait = next.getTime() - this.clock.now().getTime();
    return wait <= 0 ? Math.min(CLAIMED_ELSEWHERE_RETRY_MS, max) : Math.min(wait, max);
  }
}
