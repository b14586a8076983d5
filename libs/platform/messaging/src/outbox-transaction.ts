import { UnitOfWork } from '@platform/database';
import { bindToActiveContext } from '@platform/logging';
import type { Clock, IdGenerator } from '@shared/util';
import type { TopicMap, TopicOf } from './event-envelope.js';
import { outboxParameters, type OutboxRepository, type PublishOptions } from './outbox.repository.js';

// One database transaction in which state changes and the events announcing them commit
// together: a unit of work that the caller passes to its repositories for its own writes, and
// `publish` writes the outbox row.
export class OutboxTransaction<M extends TopicMap> extends UnitOfWork {
  private readonly committedCallbacks: Array<() => void> = [];

  constructor(
    unit: UnitOfWork,
    private readonly outbox: OutboxRepository,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {
    super(unit);
  }

  async publish<T extends TopicOf<M>>(topic: T, payload: M[T], options: PublishOptions): Promise<string> {
    const eventId = this.ids.uuid();
    await this.outbox.insert(this, outboxParameters(eventId, this.clock, topic, payload, options));
    return eventId;
  }

  // Several events of one topic, stored (and so relayed) in the order given, in a single INSERT
  // per thousand: for a batch of writes that would otherwise cost a round trip per event.
  async publishMany<T extends TopicOf<M>>(
    topic: T,
    events: ReadonlyArray<{ readonly payload: M[T]; readonly options: PublishOptions }>,
  ): Promise<string[]> {
    const eventIds = events.map(() => this.ids.uuid());
    await this.outbox.insertMany(
      this,
      events.map((event, index) =>
        outboxParameters(eventIds[index]!, this.clock, topic, event.payload, event.options),
      ),
    );
    return eventIds;
  }

  // Runs once the transaction has committed, never if it rolls back: e.g. wake a local worker for
  // the rows just written (waking it earlier, it would not see them yet). It runs in the trace
  // context it was registered in (a log line it writes belongs to that work's trace).
  afterCommit(callback: () => void): void {
    this.committedCallbacks.push(bindToActiveContext(callback));
  }

  // Called by whoever committed the transaction.
  committed(): void {
    for (const callback of this.committedCallbacks) callback();
  }
}
