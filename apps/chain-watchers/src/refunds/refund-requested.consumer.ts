import { Injectable } from '@nestjs/common';
import type { EventConsumer, OutboxTransaction } from '@platform/messaging';
import { PayoutTopic, type PayoutTopics, type RefundRequestedV1 } from '@shared/contracts';
import { AcceptRefundUseCase } from './accept-refund.use-case.js';

@Injectable()
export class RefundRequestedConsumer implements EventConsumer<
  PayoutTopics,
  typeof PayoutTopic.RefundRequested
> {
  readonly topic = PayoutTopic.RefundRequested;

  constructor(private readonly acceptRefund: AcceptRefundUseCase) {}

  handle(payload: RefundRequestedV1, tx: OutboxTransaction<PayoutTopics>): Promise<void> {
    return this.acceptRefund.within(tx, payload);
  }
}
