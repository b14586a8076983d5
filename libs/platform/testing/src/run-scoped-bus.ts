import type { EventBus, EventEnvelope, KafkaEventBus, Subscription } from '@platform/messaging';

// An app's Kafka bus for one test run. Its consumer groups carry the run's id and start at the
// latest offset: the broker keeps earlier runs' groups and events (a new group starting at the
// earliest offset would first read all of them), and another process in the plain group would
// take this run's partitions. Subscribing completes once the group has joined, so nothing
// published afterwards is missed.
export class RunScopedBus implements EventBus {
  constructor(
    private readonly kafka: KafkaEventBus,
    private readonly run: string,
  ) {}

  connect = () => this.kafka.connect();
  publish = (events: readonly EventEnvelope[]) => this.kafka.publish(events);
  subscribe = (subscription: Subscription) =>
    this.kafka.subscribe({
      ...subscription,
      groupId: `${subscription.groupId}-${this.run}`,
      startFrom: 'latest',
    });
  isReady = () => this.kafka.isReady();
  disconnect = () => this.kafka.disconnect();
}
