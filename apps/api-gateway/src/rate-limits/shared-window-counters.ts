import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { Clock } from '@shared/util';
import { RateLimitCountersRepository, type WindowKey } from './rate-limit-counters.repository.js';
import { RateLimitsConfig } from './rate-limits.config.js';

// A window as this replica knows it: the total every replica had counted at the last sync, what
// it is sending now, and what it counted since.
interface LocalWindow {
  readonly key: WindowKey;
  readonly endsAt: number;
  shared: number;
  sending: number;
  unsent: number;
}

// Rows of windows over for this long are deleted (by any replica; the delete is idempotent).
const PRUNE_EVERY_SECONDS = 60;

// Counts requests per window in memory, so admitting one costs no database round trip, and every
// RATE_LIMIT_SYNC_MS adds this replica's counts to the shared rows in one statement and learns the
// total over every replica (README, "Rate limits"). A replica admits while the shared total plus
// what it counted since stays under the limit: the others can overshoot it only by what they
// admit within one sync interval. If the database does not answer, counting goes on locally and
// the counts are sent at the next sync.
@Injectable()
export class SharedWindowCounters implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly windows = new Map<string, LocalWindow>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private prunedAt = 0;

  constructor(
    private readonly counters: RateLimitCountersRepository,
    private readonly config: RateLimitsConfig,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sync(), this.config.RATE_LIMIT_SYNC_MS);
    this.timer.unref();
  }

  // What this replica counted last is sent before it stops, so a restart forgets nothing.
  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.sync();
  }

  // Requests the window has counted over every replica, as far as this one knows.
  count(key: WindowKey): number {
    const window = this.windows.get(idOf(key));
    return window ? window.shared + window.sending + window.unsent : 0;
  }

  add(key: WindowKey): void {
    const id = idOf(key);
    const window = this.windows.get(id);
    if (window) window.unsent += 1;
    else
      this.windows.set(id, {
        key,
        endsAt: key.windowStart + key.windowSeconds,
        shared: 0,
        sending: 0,
        unsent: 1,
      });
  }

  // One at a time: a sync still running when the next is due makes that one wait for it.
  sync(): Promise<void> {
    this.running ??= this.exchange().finally(() => (this.running = null));
    return this.running;
  }

  private async exchange(): Promise<void> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    for (const [id, window] of this.windows) if (window.endsAt <= now) this.windows.delete(id);
    const sent = [...this.windows.values()];
    for (const window of sent) {
      window.sending = window.unsent;
      window.unsent = 0;
    }
    try {
      const totals = await this.counters.addAndRead(
        sent.map((window) => ({ ...window.key, hits: window.sending })),
      );
      for (const total of totals) {
        const window = this.windows.get(idOf(total));
        if (window) window.shared = total.hits;
      }
      for (const window of sent) window.sending = 0;
      if (now - this.prunedAt >= PRUNE_EVERY_SECONDS) {
        await this.counters.pruneEndedBefore(now - PRUNE_EVERY_SECONDS);
        this.prunedAt = now;
      }
    } catch (error) {
      for (const window of sent) {
        window.unsent += window.sending;
        window.sending = 0;
      }
      this.logger.warn({ err: error }, 'rate limit counters not synchronised; counting locally');
    }
  }
}

function idOf({ subject, bucket, windowStart, windowSeconds }: WindowKey): string {
  return `${subject} ${bucket} ${windowStart} ${windowSeconds}`;
}
