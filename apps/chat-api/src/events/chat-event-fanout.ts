import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENT_BUS, type EventBus } from '@platform/messaging';
import { LOGGER, type Logger } from '@platform/logging';
import { ChatTopic, type ChatEventV1 } from '@shared/contracts';
import { delay, IdGenerator } from '@shared/util';
import { EventQueueRegistry } from './event-queue.registry.js';

const BUS_READY_TIMEOUT_MS = 60_000;

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
    // The messaging module connects the bus in its own bootstrap hook; wait for it.
    const deadline = Date.now() + BUS_READY_TIMEOUT_MS;
    while (!(await this.bus.isReady())) {
      if (Date.now() > deadline) throw new Error('The event bus did not become ready');
      await delay(50);
    }
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
