import { Inject, Injectable } from '@nestjs/common';
import { EVENT_BUS, type EventBus } from '@platform/messaging';
import { RequestContext } from '@platform/logging';
import { ChatTopic, type ChatEventV1 } from '@shared/contracts';
import { Clock, IdGenerator } from '@shared/util';

// Events that announce no stored change (typing notifications) go straight to the bus: there
// is nothing to commit them with, and a lost one only means a missed indicator.
@Injectable()
export class ChatEventBroadcaster {
  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async broadcast(event: ChatEventV1): Promise<void> {
    if (event.userIds.length === 0) return;
    const id = this.ids.uuid();
    await this.bus.publish([
      {
        id,
        topic: ChatTopic.Events,
        key: String(event.realmId),
        payload: event,
        occurredAt: this.clock.now().toISOString(),
        correlationId: RequestContext.current()?.correlationId ?? id,
      },
    ]);
  }
}
