import { Inject, Injectable } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import { entityManagerOf, PreparedStatements, tableName, type UnitOfWork } from '@platform/database';
import { currentTraceCarrier, RequestContext } from '@platform/logging';
import type { Clock } from '@shared/util';
import { OutboxMessageEntity } from './outbox-message.entity.js';

export interface PublishOptions {
  // The aggregate id (transaction id, realm id): keeps that aggregate's events in order.
  readonly key: string;
}

// One INSERT, UPDATE or DELETE (with `$1`… placeholders; no WITH clause of its own).
export interface WriteStatement {
  readonly sql: string;
  readonly parameters: readonly unknown[];
}

// Places an event in a composed statement: adds its parameters and answers its INSERT, stored
// only where `condition` (SQL) holds.
export type OutboxEventClause = (eventParameters: readonly unknown[], condition: string) => string;

export interface UnpublishedRow {
  readonly position: string;
  readonly event_id: string;
  readonly topic: string;
  readonly message_key: string;
  readonly payload: object;
  readonly correlation_id: string;
  readonly occurred_at: Date;
  readonly xid: string | null;
  readonly traceparent: string | null;
  readonly tracestate: string | null;
}

// Bounds the writes remembered with their event; the callers' writes are fixed texts.
const MAX_REMEMBERED_WRITES = 100;
const MAX_ROWS_PER_INSERT = 1_000;

// The outbox table's statements, in plain SQL throughout: publishing runs once per business
// write and the relay tens of times a second under load, and the query builder costs more than
// the statements. Writes run in the caller's unit of work, or alone as one statement.
@Injectable()
export class OutboxRepository {
  private table: string | undefined;
  private lockKey: string | undefined;
  private singleInsert: string | undefined;
  private readonly writesWithEvent = new Map<string, string>();
  private readonly prepared: PreparedStatements;
  private readonly relayPrepared: PreparedStatements;

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {
    this.prepared = new PreparedStatements(dataSource, 'outbox');
    this.relayPrepared = new PreparedStatements(dataSource, 'relay');
  }

  // One event (its `outboxParameters`) in the unit's transaction.
  async insert(unit: UnitOfWork, eventParameters: readonly unknown[]): Promise<void> {
    this.singleInsert ??= outboxInsertSql(this.outboxTable(), 1);
    await entityManagerOf(unit).query(this.singleInsert, eventParameters as unknown[]);
  }

  // Several events in as few INSERTs as PostgreSQL's 65,535 parameters per statement allow,
  // stored (and so relayed) in the order given.
  async insertMany(unit: UnitOfWork, events: ReadonlyArray<readonly unknown[]>): Promise<void> {
    const manager = entityManagerOf(unit);
    for (let start = 0; start < events.length; start += MAX_ROWS_PER_INSERT) {
      const chunk = events.slice(start, start + MAX_ROWS_PER_INSERT);
      await manager.query(
        `INSERT INTO ${this.outboxTable()} ${OUTBOX_COLUMNS} VALUES ${chunk
          .map((_, index) => outboxValues(1 + index * OUTBOX_VALUES))
          .join(', ')}`,
        chunk.flat(),
      );
    }
  }

  // The write as a data-modifying CTE of its event's INSERT: one prepared statement (a fixed text
  // per write, prepared once per connection) that commits both or neither.
  async writeWithEvent(write: WriteStatement, eventParameters: readonly unknown[]): Promise<void> {
    await this.prepared.query(this.withEvent(write), [...write.parameters, ...eventParameters]);
  }

  // One statement of the caller's (`compose` writes it, placing events with `event`), `$1`… being
  // `parameters`, committed as a whole. Planned on every call, not prepared: the best plan may
  // differ with the values (ten ids or five thousand).
  async statement<R>(
    parameters: readonly unknown[],
    compose: (event: OutboxEventClause) => string,
  ): Promise<R[]> {
    const values = [...parameters];
    const sql = compose((eventParameters, condition) => {
      const firstParameter = values.length + 1;
      values.push(...eventParameters);
      return outboxInsertSql(this.outboxTable(), firstParameter, condition);
    });
    return (await this.dataSource.query(sql, values)) as R[];
  }

  // The oldest unpublished rows, up to `limit`, for the one relay of this schema: taking the
  // lock (for the rest of the unit's transaction) and reading the batch is one statement (the
  // lock's CTE is evaluated once: the function is volatile). None when another relay holds it.
  claimBatch(unit: UnitOfWork, limit: number): Promise<UnpublishedRow[]> {
    this.lockKey ??= `outbox:${(this.dataSource.options as { schema?: string }).schema ?? 'public'}`;
    return entityManagerOf(unit).query(
      `WITH "lock" AS (SELECT pg_try_advisory_xact_lock(hashtext($1)) AS "locked")
       SELECT "position", "event_id", "topic", "message_key", "payload", "correlation_id", "occurred_at", "xid",
              "traceparent", "tracestate"
       FROM "lock", ${this.outboxTable()} WHERE "lock"."locked" AND "published_at" IS NULL
       ORDER BY "position" LIMIT $2`,
      [this.lockKey, limit],
    );
  }

  async markPublished(unit: UnitOfWork, positions: readonly string[], at: Date): Promise<void> {
    await entityManagerOf(unit).query(
      `UPDATE ${this.outboxTable()} SET "published_at" = $1 WHERE "position" = ANY($2::bigint[])`,
      [at, positions],
    );
  }

  // Prepared: an idle service asks this five times a second.
  async anyUnpublished(): Promise<boolean> {
    const rows = await this.relayPrepared.query(
      `SELECT 1 FROM ${this.outboxTable()} WHERE "published_at" IS NULL LIMIT 1`,
      [],
    );
    return rows.length > 0;
  }

  countUnpublished(): Promise<number> {
    return this.dataSource.getRepository(OutboxMessageEntity).count({ where: { publishedAt: IsNull() } });
  }

  // Deletes the rows published before `cutoff`, from the oldest position up to the first row
  // kept (published since, or not yet published). Rows are published in position order, so that
  // head is nearly all of them: the statement walks the primary key over the rows it deletes,
  // where a filter on published_at (no index) scanned the whole table, a day of events at the
  // default retention, every minute. A row published out of order after one that is kept waits
  // for the next pass that reaches it. Returns how many rows went.
  async deletePublishedBefore(cutoff: Date): Promise<number> {
    const table = this.outboxTable();
    const [, deleted]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM ${table} WHERE "position" < COALESCE(
         (SELECT "position" FROM ${table} WHERE "published_at" IS NULL OR "published_at" >= $1
          ORDER BY "position" LIMIT 1),
         (SELECT max("position") + 1 FROM ${table}))`,
      [cutoff],
    );
    return deleted;
  }

  // The write as a CTE of its event's INSERT. Built once per write: the callers' writes are fixed
  // texts, and the same string each time is also found at once among the prepared statements (a
  // string built anew would be hashed whole on every lookup).
  private withEvent(write: WriteStatement): string {
    let sql = this.writesWithEvent.get(write.sql);
    if (sql === undefined) {
      sql = `WITH "write" AS (${write.sql}) ${outboxInsertSql(this.outboxTable(), write.parameters.length + 1)}`;
      if (this.writesWithEvent.size < MAX_REMEMBERED_WRITES) this.writesWithEvent.set(write.sql, sql);
    }
    return sql;
  }

  // Quoted and schema-qualified, looked up once.
  private outboxTable(): string {
    return (this.table ??= tableName(this.dataSource, OutboxMessageEntity));
  }
}

// The INSERT of one outbox row into `table`, its parameters numbered from `firstParameter` so
// that it can follow another statement's parameters. With a `condition` (SQL), the row is stored
// only where it holds.
export function outboxInsertSql(table: string, firstParameter: number, condition?: string): string {
  const values = outboxValues(firstParameter);
  return `INSERT INTO ${table} ${OUTBOX_COLUMNS} ${
    condition === undefined ? `VALUES ${values}` : `SELECT ${values.slice(1, -1)} WHERE ${condition}`
  }`;
}

// One event's values for outboxInsertSql, in its column order.
export function outboxParameters(
  eventId: string,
  clock: Clock,
  topic: string,
  payload: unknown,
  options: PublishOptions,
): unknown[] {
  const trace = currentTraceCarrier();
  return [
    eventId,
    topic,
    options.key,
    JSON.stringify(payload),
    RequestContext.current()?.correlationId ?? eventId,
    clock.now(),
    trace.traceparent ?? null,
    trace.tracestate ?? null,
  ];
}

const OUTBOX_COLUMNS =
  '("event_id", "topic", "message_key", "payload", "correlation_id", "occurred_at", "traceparent", "tracestate", "xid")';
const OUTBOX_VALUES = 8;
// The writing transaction's id, computed by the server (xid8 fits a bigint for 2^63 transactions).
const WRITING_TRANSACTION = 'pg_current_xact_id()::text::bigint';

function outboxValues(firstParameter: number): string {
  const parameters = Array.from({ length: OUTBOX_VALUES }, (_, i) => `$${firstParameter + i}`);
  return `(${[...parameters, WRITING_TRANSACTION].join(', ')})`;
}
