// A topic map names each topic and the payload type it carries, so publishing and handling are
// type-checked: `{ 'payout.transaction.status-changed.v1': TransactionStatusChangedV1 }`.
export type TopicMap = object;
export type TopicOf<M extends TopicMap> = keyof M & string;

export interface EventEnvelope<P = unknown> {
  // Unique per event; consumers deduplicate on it.
  readonly id: string;
  readonly topic: string;
  // The aggregate id: one aggregate's events keep their order.
  readonly key: string;
  readonly payload: P;
  readonly occurredAt: string;
  readonly correlationId: string;
  // The PostgreSQL transaction that committed the event (its xid8, as text), so that a reader
  // holding a snapshot can tell whether that snapshot already saw the change. Absent for events
  // published before it was recorded.
  readonly xid?: string;
  // The W3C trace context of the work that published it (its outbox row's, then its Kafka
  // headers'): the consumer's span continues that trace. Absent when none was recorded.
  readonly traceparent?: string;
  readonly tracestate?: string;
}

export type EventHandler = (envelope: EventEnvelope) => Promise<void>;

export interface Subscription {
  readonly groupId: string;
  readonly topics: readonly string[];
  readonly handle: EventHandler;
  // `earliest` (default): a new group starts at the oldest retained event. `latest`: it starts
  // at what is published once it has joined — for per-replica fan-out groups (chat-api's event
  // queues), which live only as long as their process and have no use for history. Such a group
  // commits no offsets either: its next incarnation starts at the latest again.
  readonly startFrom?: 'earliest' | 'latest';
  // How many partitions' events may be handled at the same time (default 1: one event at a
  // time). Events of one partition, hence of one key, are still handled one after another, in
  // order; only handlers that need no order across keys should ask for more.
  readonly concurrentPartitions?: number;
}

// What `<topic>.dlq` carries: the event as it was received, who parked it and why.
export interface DeadLetterPayload {
  readonly event: EventEnvelope;
  readonly consumer: string;
  readonly error: string;
  readonly attempts: number;
  // Only for an event refused for its environment: the id it carried (null: none).
  readonly environment?: string | null;
}

export function deadLetterTopic(topic: string): string {
  return `${topic}.dlq`;
}
