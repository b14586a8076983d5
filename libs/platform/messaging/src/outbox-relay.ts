import { performance } from 'node:perf_hooks';
import type { TransactionRunner } from '@platform/database';
import {
  markFailed,
  SpanKind,
  startSpan,
  type Logger,
  type StartedSpan,
  type TraceCarrier,
} from '@platform/logging';
import { delay, type Clock } from '@shared/util';
import { DecayingRate } from './decaying-rate.js';
import type { EventBus } from './event-bus.js';
import type { EventEnvelope } from './event-envelope.js';
import type { OutboxRepository, UnpublishedRow } from './outbox.repository.js';
import type { RelayTrigger } from './transactional-outbox.js';

export interface OutboxRelayOptions {
  readonly pollIntervalMs: number;
  // A quiet relay's polls space out up to this (idleWaitMs).
  readonly idlePollMaxMs: number;
  readonly batchSize: number;
  // Published rows are kept this long for inspection, then deleted.
  readonly retentionMs: number;
  // While events keep coming fast, a batch starts at most this often (default
  // BUSY_BATCH_INTERVAL_MS); more often at lower rates (busyWaitMs).
  readonly busyBatchIntervalMs?: number;
}

// Under steady load every commit kicks the relay, and a batch per kick costs a transaction of
// four statements and a broker round trip for one or two events. Waiting this long after a batch
// that found events lets the next one carry everything committed meanwhile (25 events at 500/s),
// for at most this much delay on an event's way out. An event after a quiet spell (the batch
// before found none) still goes at once.
const BUSY_BATCH_INTERVAL_MS = 50;
// The wait is worth its delay only at high rates: it grows with the rate at which events have
// been published, the whole interval from this many events a second on. A moderate stream
// (100/s) then leaves within 10 ms at each hop of a chain of services, while at 500/s a batch
// carries 25 events. A rate, not the last batch's size: a short wait after a small batch would
// keep the next batch small at any rate, one relay transaction per event. Measured over about
// a second (RATE_WINDOW_MS), not over the last cycle alone: two commits a few milliseconds apart
// are not a stream of hundreds a second, and waiting as if they were held every event committed
// meanwhile for the whole interval.
const FULL_WAIT_RATE = 500;
const RATE_WINDOW_MS = 1_000;

const CLEANUP_EVERY_MS = 60_000;
const MAX_ERROR_BACKOFF_MS = 5_000;

// Publishes committed outbox rows, oldest first, at least once: rows are marked published only
// after the broker acknowledged them. One relay per schema is active at a time (an advisory
// lock), so several replicas never reorder an aggregate's events.
export class OutboxRelay implements RelayTrigger {
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private pendingKick = false;
  private lastCleanup = 0;

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly transactions: TransactionRunner,
    private readonly bus: EventBus,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly options: OutboxRelayOptions,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.runLoop();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.kick();
    await this.loop;
  }

  kick(): void {
    this.pendingKick = true;
    this.wakeUp?.();
  }

  // Publishes one batch and returns how many events it published: in one transaction, the
  // batch is taken under the schema's relay lock, published, and marked.
  async relayOnce(): Promise<number> {
    return this.transactions.run(async (unit) => {
      const rows = await this.outbox.claimBatch(unit, this.options.batchSize);
      if (rows.length === 0) return 0;
      await publishInSpans(this.bus, rows);
      await this.outbox.markPublished(
        unit,
        rows.map((row) => row.position),
        this.clock.now(),
      );
      return rows.length;
    });
  }

  backlog(): Promise<number> {
    return this.outbox.countUnpublished();
  }

  private async runLoop(): Promise<void> {
    let failures = 0;
    const busyInterval = this.options.busyBatchIntervalMs ?? BUSY_BATCH_INTERVAL_MS;
    const rate = new DecayingRate(RATE_WINDOW_MS);
    let foundNone = false;
    let idleWait = this.options.pollIntervalMs;
    while (this.running) {
      const kicked = this.pendingKick;
      this.pendingKick = false;
      const started = performance.now();
      try {
        // A quiet service's timed polls find nothing: after an empty batch, a poll nobody kicked
        // first asks whether anything waits, one indexed statement instead of a transaction of
        // three.
        const published: number =
          !kicked && foundNone && !(await this.outbox.anyUnpublished()) ? 0 : await this.relayOnce();
        foundNone = published === 0;
        idleWait = idleWaitMs(idleWait, kicked, published, this.options);
        failures = 0;
        const perSecond = rate.add(published, performance.now());
        await this.cleanupIfDue();
        if (published === this.options.batchSize) continue;
        const wait = started + busyWaitMs(published, perSecond, busyInterval) - performance.now();
        if (published > 0 && wait > 0 && this.running) await delay(wait);
      } catch (error) {
        failures += 1;
        this.logger.error({ err: error, failures }, 'outbox relay failed; will retry');
        await delay(Math.min(MAX_ERROR_BACKOFF_MS, this.options.pollIntervalMs * 2 ** failures));
        continue;
      }
      if (!this.pendingKick) await this.sleep(idleWait);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
      function done() {
        clearTimeout(timer);
        resolve();
      }
    }).finally(() => (this.wakeUp = null));
  }

  private async cleanupIfDue(): Promise<void> {
    const now = this.clock.now().getTime();
    if (now - this.lastCleanup < CLEANUP_EVERY_MS) return;
    this.lastCleanup = now;
    await this.deleteExpired();
  }

  // Deletes the rows published longer ago than the retention; returns how many went.
  deleteExpired(): Promise<number> {
    return this.outbox.deletePublishedBefore(new Date(this.clock.now().getTime() - this.options.retentionMs));
  }
}

// How long to wait after a batch of `published` events, with events published at `perSecond`.
export function busyWaitMs(published: number, perSecond: number, busyIntervalMs: number): number {
  if (published === 0) return 0;
  return busyIntervalMs * Math.min(1, perSecond / FULL_WAIT_RATE);
}

// How long to sleep before the next timed poll, after one that waited `wait` and published
// `published` events. Each timed poll that finds nothing doubles the wait, up to idlePollMaxMs: an
// idle service stops asking PostgreSQL five times a second (3 ms of CPU a second per app in an
// idle payout deployment). Nothing committed here waits for it, since every commit kicks the
// relay; what no kick announces (rows of a process that died before its relay took them) waits at
// most idlePollMaxMs. A kick, or events found, bring the wait back to pollIntervalMs; a kicked
// batch that found nothing too: another replica's relay held the lock, and may have read before
// the row this one was kicked for committed.
export function idleWaitMs(
  wait: number,
  kicked: boolean,
  published: number,
  { pollIntervalMs, idlePollMaxMs }: Pick<OutboxRelayOptions, 'pollIntervalMs' | 'idlePollMaxMs'>,
): number {
  if (kicked || published > 0) return pollIntervalMs;
  return Math.max(pollIntervalMs, Math.min(wait * 2, idlePollMaxMs));
}

// Each event leaves in a producer span of the trace it was written in, and carries that span's
// context: its consumers' spans are the span's children. A row written outside any trace starts
// none here either.
async function publishInSpans(bus: EventBus, rows: readonly UnpublishedRow[]): Promise<void> {
  const spans = rows.map((row): StartedSpan | null =>
    row.traceparent === null
      ? null
      : startSpan(`publish ${row.topic}`, {
          kind: SpanKind.PRODUCER,
          parent: traceOf(row),
          attributes: { 'messaging.destination.name': row.topic, 'messaging.message.id': row.event_id },
        }),
  );
  try {
    await bus.publish(rows.map((row, index) => toEnvelope(row, spans[index]?.carrier() ?? {})));
  } catch (error) {
    for (const started of spans) if (started) markFailed(started.span, error);
    throw error;
  } finally {
    for (const started of spans) started?.span.end();
  }
}

function traceOf(row: UnpublishedRow): TraceCarrier {
  return {
    ...(row.traceparent === null ? {} : { traceparent: row.traceparent }),
    ...(row.tracestate === null ? {} : { tracestate: row.tracestate }),
  };
}

function toEnvelope(row: UnpublishedRow, trace: TraceCarrier): EventEnvelope {
  return {
    id: row.event_id,
    topic: row.topic,
    key: row.message_key,
    payload: row.payload,
    occurredAt: row.occurred_at.toISOString(),
    correlationId: row.correlation_id,
    ...(row.xid === null ? {} : { xid: row.xid }),
    ...trace,
  };
}
