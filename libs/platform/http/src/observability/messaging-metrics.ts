import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { Counter, Gauge } from 'prom-client';
import { ConsumerHost, EVENT_BUS, OutboxRelay, type EventBus, type TopicMap } from '@platform/messaging';
import { MetricsRegistry } from './metrics.registry.js';

// Every app's messaging on /metrics, measured by the app itself (no exporter needed): what
// waits to be published, what each consumer group did with what it received, and how far behind
// it is. Dashboards and alerts in k8s/observability.

@Injectable()
export class OutboxBacklogMetric implements OnModuleInit {
  constructor(
    private readonly metrics: MetricsRegistry,
    private readonly relay: OutboxRelay,
  ) {}

  onModuleInit(): void {
    const relay = this.relay;
    new Gauge({
      name: 'outbox_backlog',
      help: 'Events committed but not yet published',
      registers: [this.metrics.registry],
      async collect() {
        this.set(await relay.backlog().catch(() => -1));
      },
    });
  }
}

// Events the bus refused unread because they carried another environment's id or none: each is
// on `<topic>.dlq`, and one is already too many (a producer of another deployment writes to this
// broker, or this deployment's ENVIRONMENT_ID changed under running producers).
@Injectable()
export class ForeignEventsMetric implements OnModuleInit {
  constructor(
    private readonly metrics: MetricsRegistry,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
  ) {}

  onModuleInit(): void {
    const refused = new Counter({
      name: 'events_foreign_total',
      help: 'Events of another environment (or of none) dead-lettered without being handled',
      labelNames: ['topic', 'consumer'],
      registers: [this.metrics.registry],
    });
    this.bus.onForeignEvent(({ topic, groupId }) => refused.inc({ topic, consumer: groupId }));
  }
}

// Per consumer group and topic:
// - events_consumed_total{outcome}: applied, duplicate (the inbox had it) or dead_lettered;
// - event_handler_failures_total: attempts that failed (each is retried until the last);
// - consumer_lag{partition}: events waiting, read from the bus at each scrape (every replica of
//   a group reports the group's lag: dashboards and alerts take the max); absent when the bus
//   cannot answer.
@Injectable()
export class ConsumerMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: MetricsRegistry,
    private readonly host: ConsumerHost<TopicMap>,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
  ) {}

  onModuleInit(): void {
    const registers = [this.metrics.registry];
    const consumed = new Counter({
      name: 'events_consumed_total',
      help: 'Events a consumer group received, by topic and outcome (applied, duplicate, dead_lettered)',
      labelNames: ['consumer', 'topic', 'outcome'],
      registers,
    });
    const failures = new Counter({
      name: 'event_handler_failures_total',
      help: 'Handler attempts that failed (retried, then dead-lettered after the last), by consumer group and topic',
      labelNames: ['consumer', 'topic'],
      registers,
    });
    this.host.observe(({ groupId, topic, outcome }) => {
      if (outcome === 'failed') failures.inc({ consumer: groupId, topic });
      else consumed.inc({ consumer: groupId, topic, outcome });
    });
    const bus = this.bus;
    new Gauge({
      name: 'consumer_lag',
      help: 'Events waiting for a consumer group, by topic and partition',
      labelNames: ['consumer', 'topic', 'partition'],
      registers,
      async collect() {
        this.reset();
        const lags = await bus.consumerLag().catch(() => []);
        for (const { groupId, topic, partition, lag } of lags)
          this.set({ consumer: groupId, topic, partition: String(partition) }, lag);
      },
    });
  }
}
