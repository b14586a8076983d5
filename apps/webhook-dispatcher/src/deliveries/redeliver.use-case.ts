import { Injectable } from '@nestjs/common';
import { Clock } from '@shared/util';
import { deliveryNotFound } from '../core/webhook.errors.js';
import { DeliveryWorker } from './delivery-worker.js';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import type { WebhookDeliveryEntity } from './webhook-delivery.entity.js';

// What the request did, for the caller to tell its user: `sent` (attempted now: see the
// delivery's last outcome), `queued` (an earlier event of its transaction is still pending; the
// worker sends it in turn) or `in_progress` (a worker is attempting it at this moment).
export type RedeliveryOutcome = 'sent' | 'queued' | 'in_progress';

export interface Redelivery {
  readonly outcome: RedeliveryOutcome;
  readonly delivery: WebhookDeliveryEntity;
}

// Sends a delivery again, with the same Webhook-Id and body, whatever its state (delivered, dead
// or waiting for a retry), and restarts its retry window. One already in flight is left to that
// attempt. Attempted at once unless an earlier event of its transaction is still pending.
@Injectable()
export class RedeliverUseCase {
  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly worker: DeliveryWorker,
    private readonly clock: Clock,
  ) {}

  async execute(partnerId: string, deliveryId: string): Promise<Redelivery> {
    const now = this.clock.now();
    const lease = this.worker.lease(now);
    const request = await this.deliveries.requestRedelivery(
      partnerId,
      deliveryId,
      now,
      lease.until,
      lease.token,
    );
    if (!request) throw deliveryNotFound();
    if (request.outcome === 'claimed') await this.worker.attemptClaimed(request.claim);
    // Held back behind an earlier event: the worker sends it in turn.
    else if (request.outcome === 'queued') this.worker.kick();
    const delivery = await this.deliveries.findForPartner(partnerId, deliveryId);
    if (!delivery) throw deliveryNotFound();
    return { outcome: request.outcome === 'claimed' ? 'sent' : request.outcome, delivery };
  }
}
