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
  private readonly committedCallbacks: Array<() => void> = [];

  constructor(
    readonly manager: EntityManager,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async publish<T extends TopicOf<M>>(topic: T, payload: M[T], options: PublishOptions): Promise<string> {
    const eventId = this.ids.uuid();
    // Plain SQL: this runs once per business write, and the query builder costs more than the insert.
    const table = this.manager.getRepository(OutboxMessageEntity).metadata.tablePath;
    await this.manager.query(
      `INSERT INTO ${quoteTablePath(table)} ("event_id", "topic", "message_key", "payload", "correlation_id", "occurred_at") VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        eventId,
        topic,
        options.key,
        JSON.stringify(payload),
        RequestContext.current()?.correlationId ?? eventId,
        this.clock.now(),
      ],
    );
    return eventId;
  }

  // Runs once the transaction has committed, never if it rolls back: e.g. wake a local worker for
  // the rows just written (waking it earlier, it would not see them yet).
  afterCommit(callback: () => void): void {
    this.committedCallbacks.push(callback);
  }

  // Called by whoever committed the transaction.
  committed(): void {
    for (const callback of this.committedCallbacks) callback();
  }
}

function quoteTablePath(path: string): string {
  return path
    .split('.')
    .map((part) => `"${part}"`)
    .join('.');
}
