import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { Clock } from '@shared/util';
import { ChatApiConfig } from '../core/chat-api.config.js';
import { RealmExportRunner } from './realm-export.runner.js';
import { RealmExportsRepository } from './realm-exports.repository.js';

// Builds requested exports, one at a time per replica. The queue is the realm_export table: a
// replica claims a row with a lease (FOR UPDATE SKIP LOCKED) and renews it while it writes, so
// an export is built once whatever the number of replicas, and one whose replica died is taken
// up again by any replica once its lease lapses. Requests on this replica wake it at once; a
// bounded sleep catches the others' requests and lapsed leases.
@Injectable()
export class RealmExportWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly exports: RealmExportsRepository,
    private readonly runner: RealmExportRunner,
    private readonly config: ChatApiConfig,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.wake();
  }

  // A build under way is not waited for: its claim lapses and another replica (or this one,
  // restarted) builds the export again.
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
    this.running = this.drain();
    await this.running;
    this.running = null;
    this.arm(this.again ? 0 : this.config.CHAT_EXPORT_POLL_MS);
    this.again = false;
  }

  private async drain(): Promise<void> {
    try {
      while (!this.stopped) {
        const row = await this.exports.claimNext(this.clock.now(), this.config.CHAT_EXPORT_LEASE_MS);
        if (!row) return;
        await this.runner.run(row);
      }
    } catch (error) {
      this.logger.error({ err: error }, 'realm export round failed');
    }
  }
}
