import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { Clock } from '@shared/util';
import { PartnersRepository } from './partners.repository.js';

// How often the buffered uses are written: each key's last use is written at most this often
// per replica, whatever its traffic.
export const KEY_USAGE_FLUSH_MS = 60_000;

// Keeps each key's last use in memory and writes them all in one statement once a minute: key
// lookups are on every request's path, and a write per request would cost more than the lookup.
// A crash loses at most the last minute's uses (the key is used again, and recorded then).
@Injectable()
export class ApiKeyUsageRecorder implements OnApplicationBootstrap, OnApplicationShutdown {
  private pending = new Map<string, Date>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly partners: PartnersRepository,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.flush(), KEY_USAGE_FLUSH_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }

  used(keyId: string): void {
    this.pending.set(keyId, this.clock.now());
  }

  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const uses = this.pending;
    this.pending = new Map();
    try {
      await this.partners.recordKeyUses(uses);
    } catch (error) {
      this.logger.warn({ err: error, keys: uses.size }, 'API key last-used times not recorded');
    }
  }
}
