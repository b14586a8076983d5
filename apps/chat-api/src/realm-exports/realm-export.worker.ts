import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { Clock } from '@shared/util';
import { QueueDrainer } from '../core/background/queue-drainer.js';
import { ChatApiConfig } from '../core/chat-api.config.js';
import { RealmExportRunner } from './realm-export.runner.js';
import type { RealmExportEntity } from './realm-export.entity.js';
import { RealmExportsRepository } from './realm-exports.repository.js';

// Builds requested exports, one at a time per replica. The queue is the realm_export table: a
// replica claims a row with a lease (FOR UPDATE SKIP LOCKED) and renews it while it writes, so
// an export is built once whatever the number of replicas, and one whose replica died is taken
// up again by any replica once its lease lapses. Requests on this replica wake it at once; a
// pass every CHAT_EXPORT_POLL_MS finds the others' requests and lapsed leases.
@Injectable()
export class RealmExportWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly queue: QueueDrainer<RealmExportEntity>;

  constructor(
    exports: RealmExportsRepository,
    runner: RealmExportRunner,
    private readonly config: ChatApiConfig,
    clock: Clock,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.queue = new QueueDrainer(
      async () => {
        const row = await exports.claimNext(clock.now(), config.CHAT_EXPORT_LEASE_MS);
        return row ? [row] : [];
      },
      (row) => runner.run(row),
      logger,
      'realm export round failed',
    );
  }

  onApplicationBootstrap(): void {
    this.queue.start(this.config.CHAT_EXPORT_POLL_MS);
  }

  // A build under way is not waited for: its claim lapses and another replica (or this one,
  // restarted) builds the export again.
  onApplicationShutdown(): void {
    this.queue.stop();
  }

  wake(): void {
    this.queue.wake();
  }
}
