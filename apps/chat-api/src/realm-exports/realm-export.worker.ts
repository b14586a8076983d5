import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { Clock, RecurringPass } from '@shared/util';
import { ChatApiConfig } from '../core/chat-api.config.js';
import { RealmExportRunner } from './realm-export.runner.js';
import { RealmExportsRepository } from './realm-exports.repository.js';

// Builds requested exports, one at a time per replica. The queue is the realm_export table: a
// replica claims a row with a lease (FOR UPDATE SKIP LOCKED) and renews it while it writes, so
// an export is built once whatever the number of replicas, and one whose replica died is taken
// up again by any replica once its lease lapses. Requests on this replica wake it at once; a
// pass every CHAT_EXPORT_POLL_MS finds the others' requests and lapsed leases.
@Injectable()
export class RealmExportWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly passes = new RecurringPass(
    () => this.drain(),
    (error) => this.logger.error({ err: error }, 'realm export round failed'),
  );

  constructor(
    private readonly exports: RealmExportsRepository,
    private readonly runner: RealmExportRunner,
    private readonly config: ChatApiConfig,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.passes.start(this.config.CHAT_EXPORT_POLL_MS, { runNow: true });
  }

  // A build under way is not waited for: its claim lapses and another replica (or this one,
  // restarted) builds the export again.
  onApplicationShutdown(): void {
    void this.passes.stop();
  }

  wake(): void {
    this.passes.kick();
  }

  private async drain(): Promise<void> {
    while (!this.passes.stopped) {
      const row = await this.exports.claimNext(this.clock.now(), this.config.CHAT_EXPORT_LEASE_MS);
      if (!row) return;
      await this.runner.run(row);
    }
  }
}
