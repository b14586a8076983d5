import { Injectable } from '@nestjs/common';
import type { EventConsumer } from '@platform/messaging';
import { ChatTopic, type ChatTopics, type OutgoingWebhookCompletedV1 } from '@shared/contracts';
import type { ChatTransaction } from '../core/events/chat-event.publisher.js';
import { OutgoingWebhookReplier } from './outgoing-webhook.replier.js';

// Queues the answer to a finished call (once per event, through the inbox); the replier posts it
// once the event is committed.
@Injectable()
export class OutgoingWebhookCompletedConsumer implements EventConsumer<
  ChatTopics,
  typeof ChatTopic.OutgoingWebhookCompleted
> {
  readonly topic = ChatTopic.OutgoingWebhookCompleted;

  constructor(private readonly replier: OutgoingWebhookReplier) {}

  handle(payload: OutgoingWebhookCompletedV1, tx: ChatTransaction): Promise<void> {
    return this.replier.enqueue(tx, payload.requestId, payload.trigger, payload.outcome);
  }
}
