import { Injectable } from '@nestjs/common';
import { WebhookEndpointsRepository } from '../endpoint-registry/webhook-endpoints.repository.js';
import { endpointNotFound } from '../core/webhook.errors.js';
import { DeliveryDrafts } from './delivery-drafts.js';
import { DeliveryWorker } from './delivery-worker.js';
import { TEST_EVENT_TYPE, testWebhookBody } from './transaction-webhook.payload.js';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import type { WebhookDeliveryEntity } from './webhook-delivery.entity.js';

// Sends a `webhook.test` event to the partner's endpoint now and answers with its first
// attempt. It is an ordinary delivery: listed, retried and redeliverable like the others.
@Injectable()
export class SendTestWebhookUseCase {
  constructor(
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly worker: DeliveryWorker,
    private readonly drafts: DeliveryDrafts,
  ) {}

  async execute(partnerId: string): Promise<WebhookDeliveryEntity> {
    const endpoint = await this.endpoints.findForPartner(partnerId);
    if (!endpoint) throw endpointNotFound();
    const delivery = this.drafts.draft((id, now) => ({
      partnerId,
      endpointId: endpoint.id,
      eventId: `test:${id}`,
      eventType: TEST_EVENT_TYPE,
      transactionId: null,
      sequence: null,
      body: JSON.stringify(testWebhookBody(id, now)),
    }));
    const now = delivery.createdAt;
    const lease = this.worker.lease(now);
    // Inserted already claimed: the worker cannot take it first, and the answer shows this attempt.
    const claim = await this.deliveries.insertClaimed(delivery, now, lease.until, lease.token);
    await this.worker.attemptClaimed(claim);
    return (await this.deliveries.findForPartner(partnerId, delivery.id))!;
  }
}
