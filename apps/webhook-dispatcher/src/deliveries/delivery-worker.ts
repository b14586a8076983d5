import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { Clock, IdGenerator } from '@shared/util';
import { LeasedWorkLoop } from '../leased-work-loop.js';
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
// WEBHOOK_POLL_INTERVAL_MS.
@Injectable()
export class DeliveryWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly loop: LeasedWorkLoop<ClaimedDelivery>;
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
    this.loop = new LeasedWorkLoop({
      capacity: config.WEBHOOK_CONCURRENCY,
      pollIntervalMs: config.WEBHOOK_POLL_INTERVAL_MS,
      claim: (limit) => this.claim(limit),
      process: (claim) => this.attemptDelivery.execute(claim),
      onProcessFailed: (error, claim) =>
        this.logger.error({ err: error, deliveryId: claim.id }, 'webhook attempt failed'),
    });
  }

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.loop.stop();
  }

  kick(): void {
    this.loop.kick();
  }

  // A lease for a delivery the caller claims and attempts itself (test event, redelivery).
  lease(now: Date): DeliveryLease {
    return { until: this.leaseUntil(now), token: this.ids.uuid() };
  }

  // Attempts a delivery the caller claimed, right away.
  attemptClaimed(claim: ClaimedDelivery): Promise<void> {
    return this.loop.perform(claim);
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

  private leaseUntil(now: Date): Date {
    return new Date(now.getTime() + this.config.WEBHOOK_TIMEOUT_MS + LEASE_MARGIN_MS);
  }
}
