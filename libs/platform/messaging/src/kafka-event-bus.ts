import {
  Kafka,
  Partitioners,
  logLevel,
  type Admin,
  type Consumer,
  type IHeaders,
  type Producer,
} from 'kafkajs';
import type { Logger } from '@platform/logging';
import type { EventBus } from './event-bus.js';
import type { EventEnvelope, Subscription } from './event-envelope.js';

export interface KafkaEventBusOptions {
  readonly clientId: string;
  readonly brokers: readonly string[];
  readonly logger: Logger;
  readonly partitions?: number;
}

const HEADER = {
  eventId: 'event-id',
  occurredAt: 'occurred-at',
  correlationId: 'correlation-id',
} as const;

// kafkajs behind the EventBus seam. Producer: acks from all in-sync replicas and one request in
// flight, so a retry cannot reorder a key's events; a retry may duplicate one, which the
// consumers' inbox absorbs (kafkajs' idempotent mode would demand unbounded retries, stalling
// the outbox relay through a long outage instead of letting it back off). Keys are partitioned
// with the Java client's murmur2, so other clients agree on placement. Durable consumers commit
// an offset only after the handler resolved: a crash means redelivery, never loss.
export class KafkaEventBus implements EventBus {
  private readonly kafka: Kafka;
  private readonly producer: Producer;
  private readonly admin: Admin;
  private readonly consumers: Consumer[] = [];
  private readonly knownTopics = new Set<string>();
  private producerConnected = false;

  constructor(private readonly options: KafkaEventBusOptions) {
    const logger = options.logger.child({ component: 'kafka' });
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: [...options.brokers],
      retry: { initialRetryTime: 300, retries: 12, maxRetryTime: 10_000 },
      logLevel: logLevel.WARN,
      logCreator: () => (entry) => {
        const { message, ...rest } = entry.log;
        logger[entry.level <= logLevel.ERROR ? 'error' : 'warn']({ kafka: rest }, message);
      },
    });
    this.producer = this.kafka.producer({
      maxInFlightRequests: 1,
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    this.admin = this.kafka.admin();
    this.producer.on(this.producer.events.CONNECT, () => (this.producerConnected = true));
    this.producer.on(this.producer.events.DISCONNECT, () => (this.producerConnected = false));
  }

  async connect(): Promise<void> {
    await this.admin.connect();
    await this.producer.connect();
  }

  async publish(events: readonly EventEnvelope[]): Promise<void> {
    if (events.length === 0) return;
    await this.ensureTopics(events.map((event) => event.topic));
    const byTopic = new Map<string, EventEnvelope[]>();
    for (const event of events) {
      const topicEvents = byTopic.get(event.topic);
      if (topicEvents) topicEvents.push(event);
      else byTopic.set(event.topic, [event]);
    }
    await this.producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, topicEvents]) => ({
        topic,
        messages: topicEvents.map((event) => ({
          key: event.key,
          value: JSON.stringify(event.payload),
          headers: {
            [HEADER.eventId]: event.id,
            [HEADER.occurredAt]: event.occurredAt,
            [HEADER.correlationId]: event.correlationId,
            'content-type': 'application/json',
          },
        })),
      })),
    });
  }

  async subscribe({
    groupId,
    topics,
    handle,
    startFrom = 'earliest',
    concurrentPartitions = 1,
  }: Subscription): Promise<void> {
    await this.ensureTopics(topics);
    const consumer = this.kafka.consumer({ groupId, sessionTimeout: 30_000, heartbeatInterval: 3_000 });
    this.consumers.push(consumer);
    await consumer.connect();
    // A new group starts at the oldest retained event unless it asks for the latest: nothing
    // published before a service's first deployment is skipped.
    await consumer.subscribe({ topics: [...topics], fromBeginning: startFrom === 'earliest' });
    // A group that starts at the latest offset misses what is published before it has joined:
    // subscribing completes only once it has.
    const joined = startFrom === 'latest' ? this.joinOf(consumer) : Promise.resolve();
    await consumer.run({
      // A group that starts at the latest offset lives as long as its process: an offset it
      // committed would never be read, and committing costs a broker round trip per batch.
      autoCommit: startFrom === 'earliest',
      partitionsConsumedConcurrently: concurrentPartitions,
      eachMessage: async ({ topic, message }) => {
        await handle({
          id: headerText(message.headers, HEADER.eventId) ?? `${topic}:${message.offset}`,
          topic,
          key: message.key?.toString() ?? '',
          payload: parsePayload(message.value),
          occurredAt:
            headerText(message.headers, HEADER.occurredAt) ??
            new Date(Number(message.timestamp)).toISOString(),
          correlationId: headerText(message.headers, HEADER.correlationId) ?? '',
        });
      },
    });
    await withTimeout(joined, GROUP_JOIN_TIMEOUT_MS);
  }

  private joinOf(consumer: Consumer): Promise<void> {
    return new Promise((resolve) => {
      const stop = consumer.on(consumer.events.GROUP_JOIN, () => {
        stop();
        resolve();
      });
    });
  }

  async isReady(): Promise<boolean> {
    if (!this.producerConnected) return false;
    try {
      await withTimeout(this.admin.describeCluster(), 2_000);
      return true;
    } catch {
      return false;
    }
  }

  async disconnect(): Promise<void> {
    await Promise.allSettled(this.consumers.map((consumer) => consumer.disconnect()));
    await Promise.allSettled([this.producer.disconnect(), this.admin.disconnect()]);
  }

  private async ensureTopics(topics: readonly string[]): Promise<void> {
    const unknown = [...new Set(topics)].filter((topic) => !this.knownTopics.has(topic));
    if (unknown.length === 0) return;
    // Asking first keeps the broker from answering "already exists" errors, which kafkajs logs
    // at error level on every start.
    const existing = new Set(await this.admin.listTopics());
    for (const topic of unknown.filter((name) => existing.has(name))) this.knownTopics.add(topic);
    const missing = unknown.filter((topic) => !existing.has(topic));
    if (missing.length === 0) return;
    await this.admin.createTopics({
      waitForLeaders: true,
      topics: missing.map((topic) => ({ topic, numPartitions: this.options.partitions ?? 3 })),
    });
    for (const topic of missing) this.knownTopics.add(topic);
  }
}

// A message that is not JSON reaches the handler as a null payload, which the consumer host
// dead-letters instead of retrying forever.
function parsePayload(value: Buffer | null): unknown {
  try {
    return JSON.parse(value?.toString() ?? 'null');
  } catch {
    return null;
  }
}

function headerText(headers: IHeaders | undefined, name: string): string | undefined {
  const value = headers?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : first.toString();
}

// A new single-member group joins after the broker's initial rebalance delay (3 s by default).
const GROUP_JOIN_TIMEOUT_MS = 60_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
