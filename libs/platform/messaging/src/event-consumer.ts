import type { EventEnvelope, TopicMap, TopicOf } from './event-envelope.js';
import type { OutboxTransaction } from './outbox-transaction.js';

// A Kafka handler is an adapter: it maps the event to one use case call. Its effects and any
// events it publishes commit in `tx`, together with the inbox row that makes it idempotent.
export interface EventConsumer<M extends TopicMap, T extends TopicOf<M> = TopicOf<M>> {
  readonly topic: T;
  handle(payload: M[T], tx: OutboxTransaction<M>, event: EventEnvelope<M[T]>): Promise<void>;
}

// What an app lists as its consumers, whatever topic map each is typed against (an
// `EventConsumer<TopicMap>` would only admit a consumer of no topic). The host routes each event
// to the consumer of its topic.
export interface AnyEventConsumer {
  readonly topic: string;
  handle(payload: never, tx: never, event: never): Promise<void>;
}
