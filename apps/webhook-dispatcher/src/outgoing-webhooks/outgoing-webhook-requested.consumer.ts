import { Injectable } from '@nestjs/common';
import type { EventConsumer, OutboxTransaction } from '@platform/messaging';
import { ChatTopic, type ChatTopics, type OutgoingWebhookRequestedV1 } from '@shared/contracts';
import { Clock } from '@shared/util';
import { OutgoingWebhookCallsRepository } from './outgoing-webhook-calls.repository.js';
import { OutgoingWebhookWorker } from './outgoing-webhook.worker.js';

// Queues the call (once per event, through the inbox) and wakes the worker once it is committed.
@Injectable()
export class OutgoingWebhookRequestedConsumer implements EventConsumer<
  ChatTopics,
  typeof ChatTopic.OutgoingWebhookRequested
> {
  readonly topic = ChatTopic.OutgoingWebhookRequested;

  constructor(
    private readonly calls: OutgoingWebhookCallsRepository,
    private readonly worker: OutgoingWebhookWorker,
    private readonly clock: Clock,
  ) {}

  async handle(payload: OutgoingWebhookRequestedV1, tx: OutboxTransaction<ChatTopics>): Promise<void> {
    await this.calls.insert(tx, payload, this.clock.now());
    tx.afterCommit(() => this.worker.kick());
  }
}
