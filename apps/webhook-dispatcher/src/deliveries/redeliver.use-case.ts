import { Injectable } from '@nestjs/common';
import { Clock } from '@shared/util';
import { WebhookError, WebhookErrorCode } from '../core/webhook.errors.js';
import { DeliveryWorker } from './delivery-worker.js';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import type { WebhookDeliveryEntity } from './webhook-delivery.entity.js';

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

  async execute(partnerId: string, deliveryId: string): Promise<WebhookDeliveryEntity> {
    const now = this.clock.now();
    const lease = this.worker.lease(now);
    const claim = await this.deliveries.requestRedelivery(
      partnerId,
      deliveryId,
      now,
      lease.until,
      lease.token,
    );
    if (claim) await this.worker.attemptClaimed(claim);
    // Held back behind an earlier event: the worker sends it in turn.
    else this.worker.kick();
    const delivery = await this.deliveries.findForPartner(partnerId, deliveryId);
    if (!delivery) throw new WebhookError(WebhookErrorCode.DELIVERY_NOT_FOUND, 'Webhook delivery not found');
    return delivery;
  }
}
