import { Injectable } from '@nestjs/common';
import type { EventConsumer, EventEnvelope, OutboxTransaction } from '@platform/messaging';
import { PayoutTopic, type PayoutTopics, type TransactionStatusChangedV1 } from '@shared/contracts';
import { RecordTransactionEventUseCase } from './record-transaction-event.use-case.js';

@Injectable()
export class TransactionStatusChangedConsumer implements EventConsumer<
  PayoutTopics,
  typeof PayoutTopic.TransactionStatusChanged
> {
  readonly topic = PayoutTopic.TransactionStatusChanged;

  constructor(private readonly recordTransactionEvent: RecordTransactionEventUseCase) {}

  handle(
    payload: TransactionStatusChangedV1,
    tx: OutboxTransaction<PayoutTopics>,
    event: EventEnvelope<TransactionStatusChangedV1>,
  ): Promise<void> {
    return this.recordTransactionEvent.execute(payload, event.id, tx);
  }
}
