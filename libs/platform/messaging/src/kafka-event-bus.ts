import { setTimeout as sleep } from 'node:timers/promises';
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
import {
  ENVIRONMENT_HEADER,
  ENVIRONMENT_ID_PATTERN,
  TOPIC_PREFIX_PATTERN,
  environmentRefusal,
  printableEnvironment,
  type ForeignEvent,
  type ForeignEventListener,
} from './environment-identity.js';
import type { ConsumerLag, EventBus } from './event-bus.js';
import { adoptRenamedGroupOffsets } from './group-offsets-adoption.js';
import { stopKafkaJsIdleLoop } from './kafkajs-idle-loop-fix.js';
import {
  deadLetterTopic,
  type DeadLetterPayload,
  type EventEnvelope,
  type Subscription,
} from './event-envelope.js';

export interface KafkaEventBusOptions {
  readonly clientId: string;
  readonly brokers: readonly string[];
  readonly logger: Logger;
  readonly partitions?: number;
  // This deployment's identity: stamped on every message published, required on every message
  // consumed (anything else is dead-lettered unread).
  readonly environmentId: string;
  // Prepended to every topic name on the broker (publish, subscribe, dead letters); handlers and
  // envelopes see the logical names. Empty in production; each test run uses its own, so nothing
  // a suite publishes is visible to anything else on the broker.
  readonly topicPrefix?: string;
}

const HEADER = {
  eventId: 'event-id',
  occurredAt: 'occurred-at',
  correlationId: 'correlation-id',
  xid: 'xid',
  // W3C trace context (https://www.w3.org/TR/trace-context/#header-name), as over HTTP.
  traceparent: 'traceparent',
  tracestate: 'tracestate',
  environmentId: ENVIRONMENT_HEADER,
} as const;

// kafkajs behind the EventBus seam. Producer: acks from all in-sync replicas and one request in
// flight, so a retry cannot reorder a key's events; a retry may duplicate one, which the
// consumers' inbox absorbs (kafkajs' idempotent mode would demand unbounded retries, stalling
// the outbox relay through a long outage instead of letting it back off). Keys are partitioned
// with the Java client's murmur2, so other clients agree on placement. Durable consumers commit
// an offset only after the handler resolved: a crash means redelivery, never loss.
// Every message carries the environment id; one without this deployment's id never reaches a
// handler (nor an inbox): it is written to `<topic>.dlq`, logged at error and counted, and only
// then is its offset committed, so a crash in between refuses it again rather than losing it.
// Consumer groups are the deployment's own on the broker (`<environment id>.<group>`): kafkajs's
// round-robin assignor hands a group's partitions to any of its members, whatever each
// subscribed, so two deployments sharing group names would take, refuse and commit each other's
// events, lost to their owner.
export class KafkaEventBus implements EventBus {
  private readonly kafka: Kafka;
  private readonly logger: Logger;
  private readonly prefix: string;
  private readonly foreignListeners: ForeignEventListener[] = [];
  private readonly producer: Producer;
  private readonly admin: Admin;
  private readonly consumers: Consumer[] = [];
  // The durable groups this process consumes for, by their logical names, with their physical
  // topics (for their lag).
  private readonly durableGroups = new Map<string, readonly string[]>();
  private readonly knownTopics = new Set<string>();
  private producerConnected = false;

  constructor(private readonly options: KafkaEventBusOptions) {
    if (!ENVIRONMENT_ID_PATTERN.test(options.environmentId))
      throw new Error('KafkaEventBus needs an environment id (letters, digits, ".", "_", "-")');
    this.prefix = options.topicPrefix ?? '';
    if (!TOPIC_PREFIX_PATTERN.test(this.prefix))
      throw new Error('A Kafka topic prefix may only hold letters, digits, ".", "_" and "-"');
    const logger = options.logger.child({ component: 'kafka' });
    this.logger = logger;
    stopKafkaJsIdleLoop();
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
    const byTopic = new Map<string, EventEnvelope[]>();
    for (const event of events) {
      const topic = this.physical(event.topic);
      const topicEvents = byTopic.get(topic);
      if (topicEvents) topicEvents.push(event);
      else byTopic.set(topic, [event]);
    }
    await this.ensureTopics([...byTopic.keys()]);
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
            ...(event.xid === undefined ? {} : { [HEADER.xid]: event.xid }),
            ...(event.traceparent === undefined ? {} : { [HEADER.traceparent]: event.traceparent }),
            ...(event.tracestate === undefined ? {} : { [HEADER.tracestate]: event.tracestate }),
            [HEADER.environmentId]: this.options.environmentId,
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
    const physicalTopics = topics.map((topic) => this.physical(topic));
    await this.ensureTopics(physicalTopics);
    const physicalGroup = this.physicalGroup(groupId);
    if (startFrom === 'earliest') {
      this.durableGroups.set(groupId, physicalTopics);
      await adoptRenamedGroupOffsets(
        this.admin,
        { from: groupId, to: physicalGroup, topics: physicalTopics },
        this.logger,
      );
    }
    // After a broker restart kafkajs may rejoin a member as a new one; the group then waits for
    // the old one up to the rebalance timeout (kafkajs's default is 60 s), so a short one brings
    // consumers back within seconds. A handler busy past it when a rebalance starts only costs its
    // member one more rejoin (the inbox makes the redelivery harmless); heartbeats every second
    // tell members of a rebalance in time.
    const consumer = this.kafka.consumer({
      groupId: physicalGroup,
      sessionTimeout: 30_000,
      rebalanceTimeout: 3_000,
      heartbeatInterval: 1_000,
    });
    this.consumers.push(consumer);
    await consumer.connect();
    // A new group starts at the oldest retained event unless it asks for the latest: nothing
    // published before a service's first deployment is skipped. Whatever another environment
    // left on these topics is refused below, never applied.
    await consumer.subscribe({ topics: physicalTopics, fromBeginning: startFrom === 'earliest' });
    // A group that starts at the latest offset misses what is published before it has joined:
    // subscribing completes only once it has.
    const joined = startFrom === 'latest' ? this.joinOf(consumer) : Promise.resolve();
    await consumer.run({
      // A group that starts at the latest offset lives as long as its process: an offset it
      // committed would never be read, and committing costs a broker round trip per batch.
      autoCommit: startFrom === 'earliest',
      partitionsConsumedConcurrently: concurrentPartitions,
      eachMessage: async ({ topic: physicalTopic, partition, message }) => {
        const topic = this.logical(physicalTopic);
        const envelope: EventEnvelope = {
          id: headerText(message.headers, HEADER.eventId) ?? `${topic}:${message.offset}`,
          topic,
          key: message.key?.toString() ?? '',
          payload: parsePayload(message.value),
          occurredAt:
            headerText(message.headers, HEADER.occurredAt) ??
            new Date(Number(message.timestamp)).toISOString(),
          correlationId: headerText(message.headers, HEADER.correlationId) ?? '',
          ...presentXid(headerText(message.headers, HEADER.xid)),
          ...presentTraceContext(message.headers),
        };
        const environment = headerText(message.headers, HEADER.environmentId);
        const refusal = environmentRefusal(environment, this.options.environmentId);
        if (refusal === null) return handle(envelope);
        await this.refuse(envelope, {
          topic,
          groupId,
          partition,
          offset: message.offset,
          eventId: headerText(message.headers, HEADER.eventId) ?? null,
          environment: environment ? printableEnvironment(environment) : null,
          reason: refusal,
        });
      },
    });
    await withTimeout(joined, GROUP_JOIN_TIMEOUT_MS);
  }

  // The broker's newest offset of each partition less the group's committed one (a group that
  // committed nothing yet on a partition lags by everything retained there).
  async consumerLag(): Promise<readonly ConsumerLag[]> {
    const lags: ConsumerLag[] = [];
    for (const [groupId, topics] of this.durableGroups) {
      const committed = await this.admin.fetchOffsets({
        groupId: this.physicalGroup(groupId),
        topics: [...topics],
      });
      for (const { topic, partitions } of committed) {
        const ends = await this.admin.fetchTopicOffsets(topic);
        for (const { partition, offset } of partitions) {
          const end = ends.find((candidate) => candidate.partition === partition);
          if (!end) continue;
          const from = Number(offset) >= 0 ? Number(offset) : Number(end.low);
          lags.push({
            groupId,
            topic: this.logical(topic),
            partition,
            lag: Math.max(0, Number(end.high) - from),
          });
        }
      }
    }
    return lags;
  }

  onForeignEvent(listener: ForeignEventListener): void {
    this.foreignListeners.push(listener);
  }

  // Parks a foreign event on `<topic>.dlq` (under this deployment's prefix and identity) with the
  // reason; the dead letter's id is derived from the message's position, so a refusal repeated
  // after a crash writes the same id. Throws when the dead letter cannot be written: the offset
  // is then not committed and the event is refused again on redelivery.
  private async refuse(envelope: EventEnvelope, foreign: ForeignEvent): Promise<void> {
    const payload: DeadLetterPayload = {
      event: envelope,
      consumer: foreign.groupId,
      error: foreign.reason,
      attempts: 0,
      environment: foreign.environment,
    };
    await this.publish([
      {
        id: `dead-letter:${foreign.groupId}:${this.physical(foreign.topic)}:${foreign.partition}:${foreign.offset}`,
        topic: deadLetterTopic(foreign.topic),
        key: envelope.key,
        payload,
        occurredAt: new Date().toISOString(),
        correlationId: envelope.correlationId,
      },
    ]);
    // The payload stays out of the log: it is another environment's data.
    this.logger.error(
      {
        topic: foreign.topic,
        consumer: foreign.groupId,
        partition: foreign.partition,
        offset: foreign.offset,
        eventId: foreign.eventId,
        environment: foreign.environment,
        reason: foreign.reason,
      },
      'event refused for its environment and dead-lettered',
    );
    for (const listener of this.foreignListeners) {
      try {
        listener(foreign);
      } catch (error) {
        this.logger.warn({ err: error }, 'foreign event listener failed');
      }
    }
  }

  private physical(topic: string): string {
    return `${this.prefix}${topic}`;
  }

  private physicalGroup(groupId: string): string {
    return `${this.options.environmentId}.${groupId}`;
  }

  // Only topics this bus subscribed to reach it, all of them under its prefix.
  private logical(physicalTopic: string): string {
    return physicalTopic.startsWith(this.prefix) ? physicalTopic.slice(this.prefix.length) : physicalTopic;
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
    for (let attempt = 1; ; attempt++) {
      try {
        await this.admin.createTopics({
          waitForLeaders: true,
          topics: missing.map((topic) => ({ topic, numPartitions: this.options.partitions ?? 3 })),
        });
        break;
      } catch (error) {
        // Apps starting together create the same topics: while another's creation settles the
        // broker may answer "does not host this topic-partition", which kafkajs does not retry.
        if (!isRetriable(error) || attempt === TOPIC_CREATION_ATTEMPTS) throw error;
        this.logger.warn({ err: error, topics: missing, attempt }, 'creating topics failed; trying again');
        await sleep(attempt * 250);
      }
    }
    for (const topic of missing) this.knownTopics.add(topic);
  }
}

const TOPIC_CREATION_ATTEMPTS = 8;

function isRetriable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { retriable?: unknown }).retriable === true;
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

function presentXid(xid: string | undefined): { xid?: string } {
  return xid === undefined ? {} : { xid };
}

function presentTraceContext(headers: IHeaders | undefined): { traceparent?: string; tracestate?: string } {
  const traceparent = headerText(headers, HEADER.traceparent);
  const tracestate = headerText(headers, HEADER.tracestate);
  return {
    ...(traceparent === undefined ? {} : { traceparent }),
    ...(tracestate === undefined ? {} : { tracestate }),
  };
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
