import type { DataSource } from 'typeorm';
import { PreparedStatements } from '@platform/database';
import type { Clock, IdGenerator } from '@shared/util';
import type { TopicMap, TopicOf } from './event-envelope.js';
import {
  OutboxTransaction,
  outboxInsertSql,
  outboxParameters,
  outboxRow,
  type OutboxRow,
  type PublishOptions,
} from './outbox-transaction.js';

export interface RelayTrigger {
  kick(): void;
}

// One INSERT, UPDATE or DELETE (with `$1`… placeholders; no WITH clause of its own).
export interface WriteStatement {
  readonly sql: string;
  readonly parameters: readonly unknown[];
}

// What a statement of `statement` puts in its WITH list to publish.
export interface OutboxClause<M extends TopicMap> {
  // The INSERT of one event, for a data-modifying CTE: stored only where `condition` (SQL over
  // the statement's other CTEs) holds.
  event<T extends TopicOf<M>>(topic: T, payload: M[T], options: PublishOptions, condition: string): string;
}

// Bounds the writes remembered with their event; the callers' writes are fixed texts.
const MAX_REMEMBERED_WRITES = 100;

// The only way the apps publish: `run` opens a transaction, the work writes its changes and
// its events, and once committed the relay is told there is something to send.
export class TransactionalOutbox<M extends TopicMap> {
  private readonly prepared: PreparedStatements;
  private readonly writesWithEvent = new Map<string, string>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly relay: RelayTrigger,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {
    this.prepared = new PreparedStatements(dataSource, 'outbox');
  }

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
    const eventId = this.ids.uuid();
    // A fixed text per write: prepared once per connection.
    await this.prepared.query(this.withEvent(write), [
      ...write.parameters,
      ...outboxParameters(eventId, this.clock, topic, payload, options),
    ]);
    this.relay.kick();
    return eventId;
  }

  // The general form of `writeAndPublish`, for a write that checks its own preconditions and
  // reports what it did: one statement of the caller's (`compose` writes it, placing the event
  // as a data-modifying CTE whose condition decides whether it is stored) that commits as a
  // whole in one round trip, and its rows. `parameters` are its `$1`…. Planned on every call,
  // not prepared: the best plan may differ with the values (ten ids or five thousand).
  async statement<R>(
    parameters: readonly unknown[],
    compose: (outbox: OutboxClause<M>) => string,
  ): Promise<R[]> {
    const values = [...parameters];
    const sql = compose({
      event: (topic, payload, options, condition) => {
        const row = this.row(topic, payload, options, values.length + 1, condition);
        values.push(...row.parameters);
        return row.sql;
      },
    });
    const rows = (await this.dataSource.query(sql, values)) as R[];
    this.relay.kick();
    return rows;
  }

  // The write as a CTE of its event's INSERT. Built once per write: the callers' writes are fixed
  // texts, and the same string each time is also found at once among the prepared statements (a
  // string built anew would be hashed whole on every lookup).
  private withEvent(write: WriteStatement): string {
    let sql = this.writesWithEvent.get(write.sql);
    if (sql === undefined) {
      sql = `WITH "write" AS (${write.sql}) ${outboxInsertSql(this.dataSource.manager, write.parameters.length + 1)}`;
      if (this.writesWithEvent.size < MAX_REMEMBERED_WRITES) this.writesWithEvent.set(write.sql, sql);
    }
    return sql;
  }

  private row(
    topic: string,
    payload: unknown,
    options: PublishOptions,
    firstParameter: number,
    condition?: string,
  ): OutboxRow {
    const { manager } = this.dataSource;
    return outboxRow(manager, this.ids, this.clock, topic, payload, options, firstParameter, condition);
  }
}
