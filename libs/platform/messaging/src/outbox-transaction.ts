import type { EntityManager } from 'typeorm';
import type { Clock, IdGenerator } from '@shared/util';
import { RequestContext } from '@platform/logging';
import type { TopicMap, TopicOf } from './event-envelope.js';
import { OutboxMessageEntity } from './outbox-message.entity.js';

export interface PublishOptions {
  // The aggregate id (transaction id, realm id): keeps that aggregate's events in order.
  readonly key: string;
}

// One database transaction in which state changes and the events announcing them commit
// together. `manager` is for the caller's own writes; `publish` writes the outbox row.
export class OutboxTransaction<M extends TopicMap> {
  constructor(
    readonly manager: EntityManager,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async publish<T extends TopicOf<M>>(topic: T, payload: M[T], options: PublishOptions): Promise<string> {
    const eventId = this.ids.uuid();
    await this.manager.insert(OutboxMessageEntity, {
      eventId,
      topic,
      messageKey: options.key,
      payload: payload as object,
      correlationId: RequestContext.current()?.correlationId ?? eventId,
      occurredAt: this.clock.now(),
      publishedAt: null,
    });
    return eventId;
  }
}
