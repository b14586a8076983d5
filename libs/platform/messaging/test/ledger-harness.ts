import { Column, DataSource, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { entityManagerOf, TransactionRunner } from '@platform/database';
import { createLogger } from '@platform/logging';
import { RandomIdGenerator, SystemClock } from '@shared/util';
import { ConsumerHost } from '../src/consumer-host.js';
import type { EventBus } from '../src/event-bus.js';
import type { EventConsumer } from '../src/event-consumer.js';
import type { EventEnvelope } from '../src/event-envelope.js';
import { InboxRepository } from '../src/inbox.repository.js';
import { messagingEntities } from '../src/messaging-entities.js';
import { OutboxRelay } from '../src/outbox-relay.js';
import { OutboxRepository } from '../src/outbox.repository.js';
import type { OutboxTransaction } from '../src/outbox-transaction.js';
import { TransactionalOutbox } from '../src/transactional-outbox.js';

// A tiny ledger app used to test the messaging guarantees on real storage and brokers:
// `ledger.credit.requested.v1` events become ledger rows; a row per event proves "once".
export interface LedgerTopics {
  'ledger.credit.requested.v1': { readonly creditId: string; readonly amount: string };
  'ledger.credit.applied.v1': { readonly creditId: string };
}

export const CREDIT_REQUESTED = 'ledger.credit.requested.v1';

@Entity({ name: 'ledger_entry' })
export class LedgerEntryEntity {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  position!: string;

  @Column({ name: 'credit_id', type: 'varchar' })
  creditId!: string;

  @Column({ type: 'numeric' })
  amount!: string;
}

export class CreditConsumer implements EventConsumer<LedgerTopics, 'ledger.credit.requested.v1'> {
  readonly topic = CREDIT_REQUESTED;
  failuresLeft = 0;

  async handle(
    payload: LedgerTopics['ledger.credit.requested.v1'],
    tx: OutboxTransaction<LedgerTopics>,
  ): Promise<void> {
    await entityManagerOf(tx).insert(LedgerEntryEntity, {
      creditId: payload.creditId,
      amount: payload.amount,
    });
    await tx.publish('ledger.credit.applied.v1', { creditId: payload.creditId }, { key: payload.creditId });
    if (this.failuresLeft > 0) {
      this.failuresLeft -= 1;
      // Thrown after the writes: the transaction must roll them back.
      throw new Error('ledger unavailable');
    }
  }
}

export interface LedgerHarness {
  readonly schema: string;
  readonly dataSource: DataSource;
  readonly outbox: TransactionalOutbox<LedgerTopics>;
  // Writes to the same outbox but kicks no relay, as another process's writes reach this one.
  readonly unannounced: TransactionalOutbox<LedgerTopics>;
  readonly relay: OutboxRelay;
  readonly host: ConsumerHost<LedgerTopics>;
  readonly consumer: CreditConsumer;
  entries(): Promise<LedgerEntryEntity[]>;
  close(): Promise<void>;
}

export async function startLedger(
  databaseUrl: string,
  bus: EventBus,
  schema: string,
): Promise<LedgerHarness> {
  const dataSource = new DataSource({
    type: 'postgres',
    url: databaseUrl,
    schema,
    entities: [...messagingEntities, LedgerEntryEntity],
    extra: { max: 4 },
  });
  await dataSource.initialize();
  await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  // Tests only: the ledger has no migrations of its own.
  await dataSource.synchronize();
  const clock = new SystemClock();
  const ids = new RandomIdGenerator();
  const logger = createLogger({ service: 'ledger-test', level: 'silent' });
  const outboxRows = new OutboxRepository(dataSource);
  const transactions = new TransactionRunner(dataSource);
  const relay = new OutboxRelay(outboxRows, transactions, bus, clock, logger, {
    pollIntervalMs: 50,
    idlePollMaxMs: 400,
    batchSize: 100,
    retentionMs: 60_000,
  });
  const outbox = new TransactionalOutbox<LedgerTopics>(outboxRows, transactions, relay, clock, ids);
  const unannounced = new TransactionalOutbox<LedgerTopics>(
    outboxRows,
    transactions,
    { kick: () => undefined },
    clock,
    ids,
  );
  const host = new ConsumerHost<LedgerTopics>(
    bus,
    new InboxRepository(dataSource),
    outbox,
    clock,
    ids,
    logger,
    {
      maxAttempts: 3,
      baseDelayMs: 5,
      maxDelayMs: 20,
    },
  );
  const consumer = new CreditConsumer();
  return {
    schema,
    dataSource,
    outbox,
    unannounced,
    relay,
    host,
    consumer,
    entries: () => dataSource.getRepository(LedgerEntryEntity).find({ order: { position: 'ASC' } }),
    async close() {
      await relay.stop();
      await dataSource.destroy();
    },
  };
}

export function creditEvent(creditId: string, amount = '10.00'): EventEnvelope {
  return {
    id: `evt-${creditId}`,
    topic: CREDIT_REQUESTED,
    key: creditId,
    payload: { creditId, amount },
    occurredAt: new Date().toISOString(),
    correlationId: `corr-${creditId}`,
  };
}
