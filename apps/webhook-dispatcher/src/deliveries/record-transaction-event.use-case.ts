import { Injectable } from '@nestjs/common';
import type { OutboxTransaction } from '@platform/messaging';
import type { PayoutTopics, TransactionStatusChangedV1 } from '@shared/contracts';
import { WebhookEndpointsRepository } from '../endpoint-registry/webhook-endpoints.repository.js';
import { DeliveryDrafts } from './delivery-drafts.js';
import { DeliveryWorker } from './delivery-worker.js';
import { transactionEventType, transactionWebhookBody } from './transaction-webhook.payload.js';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';

// A transaction event becomes a delivery to its partner's endpoint, in the consumer's
// transaction; the worker is woken once it has committed. A partner without an endpoint gets
// nothing (registering later does not replay the past).
@Injectable()
export class RecordTransactionEventUseCase {
  constructor(
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly worker: DeliveryWorker,
    private readonly drafts: DeliveryDrafts,
  ) {}

  async execute(
    event: TransactionStatusChangedV1,
    eventId: string,
    tx: OutboxTransaction<PayoutTopics>,
  ): Promise<void> {
    const endpointId = await this.endpoints.idForPartner(tx, event.partnerId);
    if (!endpointId) return;
    const delivery = this.drafts.draft((id) => ({
      partnerId: event.partnerId,
      endpointId,
      eventId,
      eventType: transactionEventType(event),
      transactionId: event.transactionId,
      sequence: event.sequence,
      body: JSON.stringify(transactionWebhookBody(id, event)),
    }));
    const recorded = await this.deliveries.insert(tx, delivery, delivery.createdAt);
    if (recorded) tx.afterCommit(() => this.worker.kick());
  }
}
