import { inSpan, RequestContext, SpanKind, type Logger } from '@platform/logging';
import { backoffWithJitter, delay, type Clock, type IdGenerator } from '@shared/util';
import type { EventBus } from './event-bus.js';
import type { EventConsumer } from './event-consumer.js';
import {
  deadLetterTopic,
  type DeadLetterPayload,
  type EventEnvelope,
  type TopicMap,
} from './event-envelope.js';
import type { InboxRepository } from './inbox.repository.js';
import type { TransactionalOutbox } from './transactional-outbox.js';

// What became of one delivery to a consumer group: applied, a duplicate the inbox skipped, an
// attempt that failed (retried), or parked on `<topic>.dlq` after the last attempt or unread.
export type DeliveryOutcome = 'applied' | 'duplicate' | 'failed' | 'dead_lettered';

export interface DeliveryReport {
  readonly groupId: string;
  readonly topic: string;
  readonly outcome: DeliveryOutcome;
}

export interface RetryPolicy {
  readonly maxAttempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

// Each event is applied in a transaction of its own and every aggregate's events share a key,
// hence a partition: several partitions can be applied side by side, so one slow handler (a
// lock wait, a round trip to another service) does not hold up every other key's events, and
// the database round trips of different events overlap. Kept well under the database pool.
const CONCURRENT_PARTITIONS = 4;

// Runs an app's consumers: one subscription per consumer group, each event applied exactly once
// in effect (inbox row + effect + outgoing events in one transaction), retried with backoff,
// and after the last attempt parked on `<topic>.dlq` so the stream keeps moving.
export class ConsumerHost<M extends TopicMap> {
  private readonly observers: Array<(report: DeliveryReport) => void> = [];

  constructor(
    private readonly bus: EventBus,
    private readonly inbox: InboxRepository,
    private readonly outbox: TransactionalOutbox<M>,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly logger: Logger,
    private readonly retry: RetryPolicy,
  ) {}

  // Told every delivery's outcome and every failed attempt (metrics count them).
  observe(observer: (report: DeliveryReport) => void): void {
    this.observers.push(observer);
  }

  async start(groupId: string, consumers: readonly EventConsumer<M>[]): Promise<void> {
    if (consumers.length === 0) return;
    const byTopic = new Map<string, EventConsumer<M>>();
    for (const consumer of consumers) {
      if (byTopic.has(consumer.topic)) throw new Error(`Two consumers for ${consumer.topic} in ${groupId}`);
      byTopic.set(consumer.topic, consumer);
    }
    await this.bus.subscribe({
      groupId,
      topics: [...byTopic.keys()],
      concurrentPartitions: CONCURRENT_PARTITIONS,
      // Each delivery is a consumer span continuing the publisher's trace (the event's
      // traceparent): the handler's logs, events and calls belong to it.
      handle: (event) =>
        inSpan(
          `consume ${event.topic}`,
          {
            kind: SpanKind.CONSUMER,
            parent: event,
            attributes: {
              'messaging.destination.name': event.topic,
              'messaging.consumer.group.name': groupId,
              'messaging.message.id': event.id,
            },
          },
          () =>
            RequestContext.run({ correlationId: event.correlationId || event.id }, () =>
              this.deliver(groupId, byTopic.get(event.topic)!, event),
            ),
        ),
    });
  }

  private async deliver(groupId: string, consumer: EventConsumer<M>, event: EventEnvelope): Promise<void> {
    if (typeof event.payload !== 'object' || event.payload === null) {
      await this.deadLetter(groupId, event, 'payload is not a JSON object', 0);
      return;
    }
    for (let attempt = 1; ; attempt += 1) {
      try {
        const applied = await this.applyOnce(groupId, consumer, event);
        this.report(groupId, event, applied ? 'applied' : 'duplicate');
        return;
      } catch (error) {
        this.report(groupId, event, 'failed');
        const message = error instanceof Error ? error.message : String(error);
        if (attempt >= this.retry.maxAttempts) {
          this.logger.error(
            { err: error, eventId: event.id, topic: event.topic, attempt },
            'event dead-lettered',
          );
          await this.deadLetter(groupId, event, message, attempt);
          return;
        }
        this.logger.warn(
          { err: error, eventId: event.id, topic: event.topic, attempt },
          'event handler failed',
        );
        await delay(backoffWithJitter(attempt, this.retry.baseDelayMs, this.retry.maxDelayMs));
      }
    }
  }

  // False when the inbox had it already (a redelivery).
  private async applyOnce(
    groupId: string,
    consumer: EventConsumer<M>,
    event: EventEnvelope,
  ): Promise<boolean> {
    const applied = await this.outbox.runOnce(
      (unit) => this.inbox.record(unit, groupId, event, this.clock.now()),
      (tx) => consumer.handle(event.payload as M[typeof consumer.topic], tx, event as EventEnvelope<never>),
    );
    if (!applied) this.logger.debug({ eventId: event.id, topic: event.topic }, 'duplicate event ignored');
    return applied;
  }

  private report(groupId: string, event: EventEnvelope, outcome: DeliveryOutcome): void {
    for (const observer of this.observers) observer({ groupId, topic: event.topic, outcome });
  }

  private async deadLetter(
    groupId: string,
    event: EventEnvelope,
    error: string,
    attempts: number,
  ): Promise<void> {
    this.report(groupId, event, 'dead_lettered');
    const payload: DeadLetterPayload = { event, consumer: groupId, error, attempts };
    await this.bus.publish([
      {
        id: this.ids.uuid(),
        topic: deadLetterTopic(event.topic),
        key: event.key,
        payload,
        occurredAt: this.clock.now().toISOString(),
        correlationId: event.correlationId,
      },
    ]);
  }
}
