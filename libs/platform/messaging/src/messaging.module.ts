import {
  type BeforeApplicationShutdown,
  type DynamicModule,
  Inject,
  Injectable,
  Module,
  type OnApplicationBootstrap,
  type Type,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { TransactionRunner } from '@platform/database';
import { LOGGER, type Logger } from '@platform/logging';
import { Clock, IdGenerator } from '@shared/util';
import { ConsumerHost } from './consumer-host.js';
import { EVENT_BUS, type EventBus } from './event-bus.js';
import type { AnyEventConsumer, EventConsumer } from './event-consumer.js';
import type { TopicMap } from './event-envelope.js';
import { InboxRepository } from './inbox.repository.js';
import { InMemoryEventBus } from './in-memory-event-bus.js';
import { KafkaEventBus } from './kafka-event-bus.js';
import { MessagingConfig } from './messaging.config.js';
import { OutboxRelay } from './outbox-relay.js';
import { OutboxRepository } from './outbox.repository.js';
import { TransactionalOutbox } from './transactional-outbox.js';

export interface MessagingModuleOptions {
  // Consumer group and inbox namespace: the app's name.
  readonly group: string;
  readonly consumers?: readonly Type<AnyEventConsumer>[];
  // A bus shared by several apps in one process (standalone mode). The module then neither
  // connects nor disconnects it: its owner does.
  readonly sharedBus?: EventBus;
}

const OPTIONS = Symbol('MessagingModuleOptions');

@Injectable()
class MessagingLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    @Inject(OPTIONS) private readonly options: MessagingModuleOptions,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly relay: OutboxRelay,
    private readonly host: ConsumerHost<TopicMap>,
    private readonly moduleRef: ModuleRef,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.options.sharedBus) await this.bus.connect();
    this.relay.start();
    const consumers = (this.options.consumers ?? []).map(
      (type) => this.moduleRef.get(type, { strict: false }) as EventConsumer<TopicMap>,
    );
    await this.host.start(this.options.group, consumers);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.relay.stop();
    if (!this.options.sharedBus) await this.bus.disconnect();
  }
}

// Event bus + transactional outbox + inbox-deduplicating consumers for one app. Needs the app's
// DatabaseModule, MessagingConfig (ConfigModule), LOGGER, Clock and IdGenerator.
@Module({})
export class MessagingModule {
  static forRoot(options: MessagingModuleOptions): DynamicModule {
    return {
      module: MessagingModule,
      global: true,
      providers: [
        { provide: OPTIONS, useValue: options },
        {
          provide: EVENT_BUS,
          inject: [MessagingConfig, LOGGER],
          useFactory: (config: MessagingConfig, logger: Logger): EventBus =>
            options.sharedBus ??
            (config.EVENT_BUS === 'memory'
              ? new InMemoryEventBus()
              : new KafkaEventBus({
                  clientId: options.group,
                  brokers: config.KAFKA_BROKERS,
                  partitions: config.KAFKA_TOPIC_PARTITIONS,
                  environmentId: config.ENVIRONMENT_ID,
                  topicPrefix: config.KAFKA_TOPIC_PREFIX,
                  logger,
                })),
        },
        OutboxRepository,
        InboxRepository,
        {
          provide: OutboxRelay,
          inject: [OutboxRepository, TransactionRunner, EVENT_BUS, Clock, LOGGER, MessagingConfig],
          useFactory: (
            outbox: OutboxRepository,
            transactions: TransactionRunner,
            bus: EventBus,
            clock: Clock,
            logger: Logger,
            config: MessagingConfig,
          ) =>
            new OutboxRelay(outbox, transactions, bus, clock, logger.child({ component: 'outbox-relay' }), {
              pollIntervalMs: config.OUTBOX_POLL_INTERVAL_MS,
              idlePollMaxMs: config.OUTBOX_IDLE_POLL_MAX_MS,
              batchSize: config.OUTBOX_BATCH_SIZE,
              retentionMs: config.OUTBOX_RETENTION_MS,
            }),
        },
        {
          provide: TransactionalOutbox,
          inject: [OutboxRepository, TransactionRunner, OutboxRelay, Clock, IdGenerator],
          useFactory: (
            outbox: OutboxRepository,
            transactions: TransactionRunner,
            relay: OutboxRelay,
            clock: Clock,
            ids: IdGenerator,
          ) => new TransactionalOutbox(outbox, transactions, relay, clock, ids),
        },
        {
          provide: ConsumerHost,
          inject: [
            EVENT_BUS,
            InboxRepository,
            TransactionalOutbox,
            Clock,
            IdGenerator,
            LOGGER,
            MessagingConfig,
          ],
          useFactory: (
            bus: EventBus,
            inbox: InboxRepository,
            outbox: TransactionalOutbox<TopicMap>,
            clock: Clock,
            ids: IdGenerator,
            logger: Logger,
            config: MessagingConfig,
          ) =>
            new ConsumerHost(bus, inbox, outbox, clock, ids, logger.child({ component: 'consumers' }), {
              maxAttempts: config.CONSUMER_MAX_ATTEMPTS,
              baseDelayMs: config.CONSUMER_RETRY_BASE_MS,
              maxDelayMs: config.CONSUMER_RETRY_BASE_MS * 32,
            }),
        },
        MessagingLifecycle,
      ],
      exports: [EVENT_BUS, TransactionalOutbox, OutboxRelay, ConsumerHost],
    };
  }
}
