import { createLogger, type Logger } from '@platform/logging';
import {
  KafkaEventBus,
  type EventBus,
  type EventEnvelope,
  type ForeignEventListener,
  type Subscription,
} from '@platform/messaging';
import { kafkaBrokers } from '@platform/test-support';

// Where one test run's topics live on the broker: nothing a run publishes is visible to another
// run, nor to a deployment that shares the broker (whose topics carry no prefix).
export function runTopicPrefix(run: string): string {
  return `test.${run}.`;
}

// The identity one test run stamps on its events and requires on what it consumes.
export function runEnvironmentId(run: string): string {
  return `test-${run}`;
}

export interface RunScopedKafkaOptions {
  readonly clientId: string;
  // The run's id: topics under `runTopicPrefix(run)`, environment `runEnvironmentId(run)`.
  readonly run: string;
  readonly logger?: Logger;
  // Another deployment on the same broker (the environment-check suites): same topics, its own id.
  readonly environmentId?: string;
}

// A Kafka bus (not yet connected) for one test run, on the broker of KAFKA_BROKERS.
export function runScopedKafkaBus({
  clientId,
  run,
  logger,
  environmentId,
}: RunScopedKafkaOptions): KafkaEventBus {
  const brokers = kafkaBrokers();
  if (!brokers) throw new Error('KAFKA_BROKERS is not set: eval "$(bash tools/infra/infra.sh env)"');
  return new KafkaEventBus({
    clientId: `${clientId}-${run}`,
    brokers,
    logger: logger ?? createLogger({ service: clientId, level: 'silent' }),
    environmentId: environmentId ?? runEnvironmentId(run),
    topicPrefix: runTopicPrefix(run),
  });
}

// An app's Kafka bus for one test run (build the bus with runScopedKafkaBus: its topics are the
// run's own). Its consumer groups carry the run's id and start at the latest offset, so another
// process in the plain group never takes this run's partitions. Subscribing completes once the
// group has joined, so nothing published afterwards is missed.
// A suite that restarts an app asks for 'earliest': its groups then commit what they applied, and
// the restarted app resumes where the stopped one was (the topics are the run's own anyway).
export class RunScopedBus implements EventBus {
  constructor(
    private readonly kafka: KafkaEventBus,
    private readonly run: string,
    private readonly startFrom: 'earliest' | 'latest' = 'latest',
  ) {}

  connect = () => this.kafka.connect();
  publish = (events: readonly EventEnvelope[]) => this.kafka.publish(events);
  subscribe = (subscription: Subscription) =>
    this.kafka.subscribe({
      ...subscription,
      groupId: `${subscription.groupId}-${this.run}`,
      startFrom: this.startFrom,
    });
  isReady = () => this.kafka.isReady();
  onForeignEvent = (listener: ForeignEventListener) => this.kafka.onForeignEvent(listener);
  consumerLag = () => this.kafka.consumerLag();
  disconnect = () => this.kafka.disconnect();
}
