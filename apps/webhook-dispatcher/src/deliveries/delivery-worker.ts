import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { Clock, IdGenerator } from '@shared/util';
import { LeasedWorker } from '../core/leased-worker.js';
import { WebhookDispatcherConfig } from '../core/webhook-dispatcher.config.js';
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
export class DeliveryWorker extends LeasedWorker<ClaimedDelivery> {
  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly attemptDelivery: AttemptDeliveryUseCase,
    private readonly config: WebhookDispatcherConfig,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    @Inject(LOGGER) logger: Logger,
  ) {
    super(config, logger.child({ component: 'webhook-worker' }), 'claiming webhook deliveries failed');
  }

  // A lease for a delivery the caller claims and attempts itself (test event, redelivery).
  lease(now: Date): DeliveryLease {
    return { until: this.leaseUntil(now), token: this.ids.uuid() };
  }

  // Attempts a delivery the caller claimed, right away.
  attemptClaimed(claim: ClaimedDelivery): Promise<void> {
    return this.perform(claim);
  }

  protected claim(limit: number): Promise<ClaimedDelivery[]> {
    const now = this.clock.now();
    return this.deliveries.claimDue(now, limit, this.leaseUntil(now), this.ids.uuid());
  }

  protected process(claim: ClaimedDelivery): Promise<unknown> {
    return this.attemptDelivery.execute(claim);
  }

  protected processFailed(error: unknown, claim: ClaimedDelivery): void {
    this.logger.error({ err: error, deliveryId: claim.id }, 'webhook attempt failed');
  }

  private leaseUntil(now: Date): Date {
    return new Date(now.getTime() + this.config.WEBHOOK_TIMEOUT_MS + LEASE_MARGIN_MS);
  }
}
