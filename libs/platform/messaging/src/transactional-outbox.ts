import type { DataSource } from 'typeorm';
import type { Clock, IdGenerator } from '@shared/util';
import type { TopicMap, TopicOf } from './event-envelope.js';
import { OutboxTransaction, outboxRow, type PublishOptions } from './outbox-transaction.js';

export interface RelayTrigger {
  kick(): void;
}

// One INSERT, UPDATE or DELETE (with `$1`… placeholders; no WITH clause of its own).
export interface WriteStatement {
  readonly sql: string;
  readonly parameters: readonly unknown[];
}

// The only way the apps publish: `run` opens a transaction, the work writes its changes and
// its events, and once committed the relay is told there is something to send.
export class TransactionalOutbox<M extends TopicMap> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly relay: RelayTrigger,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async run<T>(work: (tx: OutboxTransaction<M>) => Promise<T>): Promise<T> {
    let tx: OutboxTransaction<M> | undefined;
    const result = await this.dataSource.transaction((manager) => {
      tx = new OutboxTransaction<M>(manager, this.clock, this.ids);
      return work(tx);
    });
    this.relay.kick();
    tx?.committed();
    return result;
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
    const row = outboxRow(
      this.dataSource.manager,
      this.ids,
      this.clock,
      topic,
      payload,
      options,
      write.parameters.length + 1,
    );
    await this.dataSource.query(`WITH "write" AS (${write.sql}) ${row.sql}`, [
      ...write.parameters,
      ...row.parameters,
    ]);
    this.relay.kick();
    return row.eventId;
  }
}
