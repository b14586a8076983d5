import { Injectable } from '@nestjs/common';
import type { EventConsumer, OutboxTransaction } from '@platform/messaging';
import { PayoutTopic, type DepositDetectedV1, type PayoutTopics } from '@shared/contracts';
import { ApplyDepositUseCase } from './apply-deposit.use-case.js';

// Deposits seen by chain-watchers' streams (Stellar: matched by memo). Unmatched transfers are
// recorded for operations, never dropped and never retried into the dead-letter topic.
@Injectable()
export class DepositDetectedConsumer implements EventConsumer<
  PayoutTopics,
  typeof PayoutTopic.DepositDetected
> {
  readonly topic = PayoutTopic.DepositDetected;

  constructor(private readonly applyDeposit: ApplyDepositUseCase) {}

  async handle(payload: DepositDetectedV1, tx: OutboxTransaction<PayoutTopics>): Promise<void> {
    await this.applyDeposit.within(tx, payload, 'STREAM', null);
  }
}
