import type { EntityManager } from 'typeorm';
import type { Clock, IdGenerator } from '@shared/util';
import { entityManagerOf, tableName, UnitOfWork } from '@platform/database';
import { RequestContext } from '@platform/logging';
import type { TopicMap, TopicOf } from './event-envelope.js';
import { OutboxMessageEntity } from './outbox-message.entity.js';

export interface PublishOptions {
  // The aggregate id (transaction id, realm id): keeps that aggregate's events in order.
  readonly key: string;
}

// One database transaction in which state changes and the events announcing them commit
// together: a unit of work that the caller passes to its repositories for its own writes, and
// `publish` writes the outbox row.
export class OutboxTransaction<M extends TopicMap> extends UnitOfWork {
  private readonly committedCallbacks: Array<() => void> = [];

  constructor(
    manager: EntityManager,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {
    super(manager);
  }

  // Transitional: the apps still pass the manager on while their repositories move to UnitOfWork.
  get manager(): EntityManager {
    return entityManagerOf(this);
  }

  async publish<T extends TopicOf<M>>(topic: T, payload: M[T], options: PublishOptions): Promise<string> {
    const row = outboxRow(this.manager, this.ids, this.clock, topic, payload, options, 1);
    // Plain SQL: this runs once per business write, and the query builder costs more than the insert.
    await this.manager.query(row.sql, row.parameters);
    return row.eventId;
  }

  // Several events of one topic in a single INSERT, stored (and so relayed) in the order given:
  // for a batch of writes that would otherwise cost a round trip per event.
  async publishMany<T extends TopicOf<M>>(
    topic: T,
    events: ReadonlyArray<{ readonly payload: M[T]; readonly options: PublishOptions }>,
  ): Promise<string[]> {
    const eventIds = events.map(() => this.ids.uuid());
    // PostgreSQL takes at most 65,535 parameters per statement.
    for (let start = 0; start < events.length; start += MAX_ROWS_PER_INSERT) {
      const chunk = events.slice(start, start + MAX_ROWS_PER_INSERT);
      await this.manager.query(
        `INSERT INTO ${outboxTable(this.manager)} ${OUTBOX_COLUMNS} VALUES ${chunk
          .map((_, index) => outboxValues(1 + index * OUTBOX_VALUES))
          .join(', ')}`,
        chunk.flatMap((event, index) =>
          outboxParameters(eventIds[start + index]!, this.clock, topic, event.payload, event.options),
        ),
      );
    }
    return eventIds;
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

export interface OutboxRow {
  readonly eventId: string;
  readonly sql: string;
  readonly parameters: unknown[];
}

// The INSERT of one outbox row, its parameters numbered from `firstParameter` so that it can
// follow another statement's parameters. With a `condition` (SQL), the row is stored only where
// it holds.
export function outboxRow(
  manager: EntityManager,
  ids: IdGenerator,
  clock: Clock,
  topic: string,
  payload: unknown,
  options: PublishOptions,
  firstParameter: number,
  condition?: string,
): OutboxRow {
  const eventId = ids.uuid();
  return {
    eventId,
    sql: outboxInsertSql(manager, firstParameter, condition),
    parameters: outboxParameters(eventId, clock, topic, payload, options),
  };
}

// outboxRow's SQL alone: it depends only on where the row's parameters start, so a caller with a
// fixed statement can build it once.
export function outboxInsertSql(manager: EntityManager, firstParameter: number, condition?: string): string {
  const values = outboxValues(firstParameter);
  return `INSERT INTO ${outboxTable(manager)} ${OUTBOX_COLUMNS} ${
    condition === undefined ? `VALUES ${values}` : `SELECT ${values.slice(1, -1)} WHERE ${condition}`
  }`;
}

const OUTBOX_COLUMNS =
  '("event_id", "topic", "message_key", "payload", "correlation_id", "occurred_at", "xid")';
const OUTBOX_VALUES = 6;
const MAX_ROWS_PER_INSERT = 1_000;
// The writing transaction's id, computed by the server (xid8 fits a bigint for 2^63 transactions).
const WRITING_TRANSACTION = 'pg_current_xact_id()::text::bigint';

function outboxValues(firstParameter: number): string {
  const parameters = Array.from({ length: OUTBOX_VALUES }, (_, i) => `$${firstParameter + i}`);
  return `(${[...parameters, WRITING_TRANSACTION].join(', ')})`;
}

export function outboxParameters(
  eventId: string,
  clock: Clock,
  topic: string,
  payload: unknown,
  options: PublishOptions,
): unknown[] {
  return [
    eventId,
    topic,
    options.key,
    JSON.stringify(payload),
    RequestContext.current()?.correlationId ?? eventId,
    clock.now(),
  ];
}

const tables = new WeakMap<object, string>();

// The outbox table's quoted, schema-qualified name in the manager's database (looked up once).
export function outboxTable(manager: EntityManager): string {
  let table = tables.get(manager.connection);
  if (table === undefined) {
    table = tableName(manager.connection, OutboxMessageEntity);
    tables.set(manager.connection, table);
  }
  return table;
}
