import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { Clock, IdGenerator, WakeSignal } from '@shared/util';
import { WebhookDispatcherConfig } from '../webhook-dispatcher.config.js';
import { AttemptDeliveryUseCase } from './attempt-delivery.use-case.js';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import type { ClaimedDelivery } from './webhook-delivery.js';

export interface DeliveryLease {
  readonly until: Date;
  readonly token: string;
}

// A worker that died mid-attempt frees its deliveries after the attempt's timeout and this.
const LEASE_MARGIN_MS = 30_000;

// Attempts due deliveries, up to WEBHOOK_CONCURRENCY at a time. New events wake it at once
// (`kick` after their commit); retries come due in the database and are found by polling every
// WEBHOOK_POLL_INTERVAL_MS. Every replica runs one; SKIP LOCKED claims keep them apart.
@Injectable()
export class DeliveryWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private running = false;
  private loop: Promise<void> | null = null;
  private readonly wakeSignal = new WakeSignal();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly logger: Logger;

  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly attemptDelivery: AttemptDeliveryUseCase,
    private readonly config: WebhookDispatcherConfig,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ component: 'webhook-worker' });
  }

  onApplicationBootstrap(): void {
    this.running = true;
    this.loop = this.run();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.running = false;
    this.kick();
    await this.loop;
  }

  kick(): void {
    this.wakeSignal.wake();
  }

  // A lease for a delivery the caller claims and attempts itself (test event, redelivery).
  lease(now: Date): DeliveryLease {
    return { until: this.leaseUntil(now), token: this.ids.uuid() };
  }

  // Attempts a delivery the caller claimed, right away.
  attemptClaimed(claim: ClaimedDelivery): Promise<void> {
    return this.attempt(claim);
  }

  private async run(): Promise<void> {
    while (this.running) {
      const capacity = this.config.WEBHOOK_CONCURRENCY - this.inFlight.size;
      const claimed = capacity > 0 ? await this.claim(capacity) : [];
      for (const claim of claimed) this.track(this.attempt(claim));
      // A full batch: more may be due.
      if (claimed.length > 0 && claimed.length === capacity) continue;
      await this.wakeSignal.sleep(this.config.WEBHOOK_POLL_INTERVAL_MS);
    }
    await Promise.all(this.inFlight);
  }

  private async claim(limit: number): Promise<ClaimedDelivery[]> {
    const now = this.clock.now();
    try {
      return await this.deliveries.claimDue(now, limit, this.leaseUntil(now), this.ids.uuid());
    } catch (error) {
      this.logger.error({ err: error }, 'claiming webhook deliveries failed');
      return [];
    }
  }

  // A finished attempt may free a transaction's next event or a slot: look again at once.
  private async attempt(claim: ClaimedDelivery): Promise<void> {
    try {
      await this.attemptDelivery.execute(claim);
    } catch (error) {
      this.logger.error({ err: error, deliveryId: claim.id }, 'webhook attempt failed');
    } finally {
      this.kick();
    }
  }

  private track(work: Promise<void>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  private leaseUntil(now: Date): Date {
    return new Date(now.getTime() + this.config.WEBHOOK_TIMEOUT_MS + LEASE_MARGIN_MS);
  }
}
