import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENT_BUS, type EventBus } from '@platform/messaging';
import { LOGGER, type Logger } from '@platform/logging';
import { ChatTopic, type ChatEventV1 } from '@shared/contracts';
import { IdGenerator } from '@shared/util';
import { whenBusReady } from '../core/events/bus-ready.js';
import { EventQueueRegistry } from './event-queue.registry.js';

// Every replica reads every chat event in a consumer group of its own, starting from the
// latest: a queue lives in one replica's memory, and the event may come from any replica.
@Injectable()
export class ChatEventFanout implements OnApplicationBootstrap {
  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly registry: EventQueueRegistry,
    private readonly ids: IdGenerator,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await whenBusReady(this.bus);
    const groupId = `chat-api-fanout-${this.ids.uuid()}`;
    await this.bus.subscribe({
      groupId,
      topics: [ChatTopic.Events],
      startFrom: 'latest',
      handle: async (envelope) =>
        this.registry.deliver(
          envelope.payload as ChatEventV1,
          envelope.xid === undefined ? undefined : BigInt(envelope.xid),
        ),
    });
    this.logger.info({ groupId }, 'chat event fan-out subscribed');
  }
}
