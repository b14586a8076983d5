import { Injectable } from '@nestjs/common';
import type { OutboxTransaction } from '@platform/messaging';
import type { PayoutTopics, TransactionStatusChangedV1 } from '@shared/contracts';
import { Clock, IdGenerator } from '@shared/util';
import { WebhookEndpointsRepository } from '../endpoints/webhook-endpoints.repository.js';
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
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async execute(
    event: TransactionStatusChangedV1,
    eventId: string,
    tx: OutboxTransaction<PayoutTopics>,
  ): Promise<void> {
    const endpointId = await this.endpoints.idForPartner(tx, event.partnerId);
    if (!endpointId) return;
    const id = this.ids.uuid();
    const now = this.clock.now();
    const recorded = await this.deliveries.insert(
      tx.manager,
      {
        id,
        partnerId: event.partnerId,
        endpointId,
        eventId,
        eventType: transactionEventType(event),
        transactionId: event.transactionId,
        sequence: event.sequence,
        body: JSON.stringify(transactionWebhookBody(id, event)),
        createdAt: now,
      },
      now,
    );
    if (recorded) tx.afterCommit(() => this.worker.kick());
  }
}
