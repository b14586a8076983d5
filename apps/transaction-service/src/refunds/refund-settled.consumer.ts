import { Injectable } from '@nestjs/common';
import type { EventConsumer, OutboxTransaction } from '@platform/messaging';
import { PayoutTopic, type PayoutTopics, type RefundSettledV1 } from '@shared/contracts';
import { RecordRefundOutcomeUseCase } from './record-refund-outcome.use-case.js';

@Injectable()
export class RefundSettledConsumer implements EventConsumer<PayoutTopics, typeof PayoutTopic.RefundSettled> {
  readonly topic = PayoutTopic.RefundSettled;

  constructor(private readonly recordOutcome: RecordRefundOutcomeUseCase) {}

  handle(payload: RefundSettledV1, tx: OutboxTransaction<PayoutTopics>): Promise<void> {
    return this.recordOutcome.within(tx, payload);
  }
}
