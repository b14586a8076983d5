import type { TransactionRunner, UnitOfWork } from '@platform/database';
import type { Clock, IdGenerator } from '@shared/util';
import type { TopicMap, TopicOf } from './event-envelope.js';
import { OutboxTransaction } from './outbox-transaction.js';
import {
  outboxParameters,
  type OutboxRepository,
  type PublishOptions,
  type WriteStatement,
} from './outbox.repository.js';

export interface RelayTrigger {
  kick(): void;
}

// What a statement of `statement` puts in its WITH list to publish.
export interface OutboxClause<M extends TopicMap> {
  // The INSERT of one event, for a data-modifying CTE: stored only where `condition` (SQL over
  // the statement's other CTEs) holds.
  event<T extends TopicOf<M>>(topic: T, payload: M[T], options: PublishOptions, condition: string): string;
}

// The only way the apps publish: `run` opens a transaction, the work writes its changes and
// its events, and once committed the relay is told there is something to send.
export class TransactionalOutbox<M extends TopicMap> {
  constructor(
    private readonly outbox: OutboxRepository,
    private readonly transactions: TransactionRunner,
    private readonly relay: RelayTrigger,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async run<T>(work: (tx: OutboxTransaction<M>) => Promise<T>): Promise<T> {
    let tx: OutboxTransaction<M> | undefined;
    const result = await this.transactions.run((unit) => {
      tx = this.open(unit);
      return work(tx);
    });
    this.relay.kick();
    tx?.committed();
    return result;
  }

  // `run` for work that must take effect once: `claim` records it first in the same transaction
  // (a consumer's inbox row) and answers false when it already took effect; the work is then
  // skipped and nothing wakes the relay. Answers whether the work ran.
  async runOnce(
    claim: (unit: UnitOfWork) => Promise<boolean>,
    work: (tx: OutboxTransaction<M>) => Promise<void>,
  ): Promise<boolean> {
    let tx: OutboxTransaction<M> | undefined;
    const ran = await this.transactions.run(async (unit) => {
      if (!(await claim(unit))) return false;
      tx = this.open(unit);
      await work(tx);
      return true;
    });
    if (ran) {
      this.relay.kick();
      tx?.committed();
    }
    return ran;
  }

  // `run` for the common case of one write and one event, in a single statement: the write
  // becomes a data-modifying CTE of the outbox INSERT, so both commit or neither does, in one
  // round trip instead of four (BEGIN, write, event, COMMIT). The event is stored whatever the
  // write affected, so it suits writes that either succeed on their row or fail (an INSERT).
  async writeAndPublish<T extends TopicOf<M>>(
    write: WriteStatement,
    topic: T,
    payload: M[T],
    options: PublishOptions,
  ): Promise<string> {
    const eventId = this.ids.uuid();
    await this.outbox.writeWithEvent(write, outboxParameters(eventId, this.clock, topic, payload, options));
    this.relay.kick();
    return eventId;
  }

  // The general form of `writeAndPublish`, for a write that checks its own preconditions and
  // reports what it did: one statement of the caller's (`compose` writes it, placing the event
  // as a data-modifying CTE whose condition decides whether it is stored) that commits as a
  // whole in one round trip, and its rows. `parameters` are its `$1`….
  async statement<R>(
    parameters: readonly unknown[],
    compose: (outbox: OutboxClause<M>) => string,
  ): Promise<R[]> {
    const rows = await this.outbox.statement<R>(parameters, (event) =>
      compose({
        event: (topic, payload, options, condition) =>
          event(outboxParameters(this.ids.uuid(), this.clock, topic, payload, options), condition),
      }),
    );
    this.relay.kick();
    return rows;
  }

  private open(unit: UnitOfWork): OutboxTransaction<M> {
    return new OutboxTransaction<M>(unit, this.outbox, this.clock, this.ids);
  }
}
