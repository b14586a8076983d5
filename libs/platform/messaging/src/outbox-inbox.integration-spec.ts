import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { entityManagerOf } from '@platform/database';
import { RequestContext } from '@platform/logging';
import { expectEventually, startTestDatabase, type TestDatabase } from '@platform/test-support';
import { CREDIT_REQUESTED, creditEvent, startLedger, type LedgerHarness } from '../test/ledger-harness.js';
import { deadLetterTopic, type EventEnvelope } from './event-envelope.js';
import { InMemoryEventBus } from './in-memory-event-bus.js';
import { OutboxMessageEntity } from './outbox-message.entity.js';

describe('transactional outbox and inbox', () => {
  let database: TestDatabase;
  let bus: InMemoryEventBus;
  let ledger: LedgerHarness;
  let schemaCounter = 0;

  beforeAll(async () => {
    database = await startTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  async function start(): Promise<void> {
    bus = new InMemoryEventBus();
    await bus.connect();
    ledger = await startLedger(database.url, bus, `ledger_${(schemaCounter += 1)}`);
  }

  afterEach(async () => {
    await ledger.close();
    await bus.disconnect();
  });

  function recorder(topic: string): EventEnvelope[] {
    const seen: EventEnvelope[] = [];
    void bus.subscribe({
      groupId: `recorder-${topic}`,
      topics: [topic],
      handle: async (event) => void seen.push(event),
    });
    return seen;
  }

  it('publishes an event only when its transaction commits', async () => {
    await start();
    const published = recorder(CREDIT_REQUESTED);
    ledger.relay.start();

    await ledger.outbox.run((tx) =>
      tx.publish(CREDIT_REQUESTED, { creditId: 'kept', amount: '1' }, { key: 'kept' }),
    );
    await expect(
      ledger.outbox.run(async (tx) => {
        await tx.publish(CREDIT_REQUESTED, { creditId: 'rolled-back', amount: '1' }, { key: 'rolled-back' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');

    await expectEventually(() =>
      expect(published.map((event) => event.payload)).toEqual([{ creditId: 'kept', amount: '1' }]),
    );
    expect(await ledger.dataSource.getRepository(OutboxMessageEntity).count()).toBe(1);
    // The relay marks the row published after the bus took it, in its own commit.
    await expectEventually(async () => expect(await ledger.relay.backlog()).toBe(0));
  });

  it('publishes a row no kick announced once the quiet relay polls again', async () => {
    await start();
    const published = recorder(CREDIT_REQUESTED);
    ledger.relay.start();
    // Long enough for the quiet relay's polls to space out to the harness's maximum (400 ms).
    await sleep(1_000);

    await ledger.unannounced.run((tx) =>
      tx.publish(CREDIT_REQUESTED, { creditId: 'unannounced', amount: '1' }, { key: 'unannounced' }),
    );
    const committed = Date.now();

    await expectEventually(() =>
      expect(published.map((event) => event.payload)).toEqual([{ creditId: 'unannounced', amount: '1' }]),
    );
    // At most one spaced-out poll later (and scheduling's slack), not never.
    expect(Date.now() - committed).toBeLessThan(3_000);
  });

  it('writes a row and its event in one statement, or neither when the write fails', async () => {
    await start();
    const published = recorder(CREDIT_REQUESTED);
    ledger.relay.start();
    const insertEntry = (creditId: string, amount: string) => ({
      sql: `INSERT INTO "${ledger.schema}"."ledger_entry" ("credit_id", "amount") VALUES ($1, $2)`,
      parameters: [creditId, amount],
    });

    await RequestContext.run({ correlationId: 'request-7' }, () =>
      ledger.outbox.writeAndPublish(
        insertEntry('written', '5'),
        CREDIT_REQUESTED,
        { creditId: 'written', amount: '5' },
        { key: 'written' },
      ),
    );
    await expect(
      ledger.outbox.writeAndPublish(
        insertEntry('refused', 'not a number'),
        CREDIT_REQUESTED,
        { creditId: 'refused', amount: '1' },
        { key: 'refused' },
      ),
    ).rejects.toThrow();

    await expectEventually(() =>
      expect(published.map((event) => [event.payload, event.correlationId])).toEqual([
        [{ creditId: 'written', amount: '5' }, 'request-7'],
      ]),
    );
    expect((await ledger.entries()).map((entry) => entry.creditId)).toEqual(['written']);
    expect(await ledger.dataSource.getRepository(OutboxMessageEntity).count()).toBe(1);
  });

  it('runs a statement that writes, decides whether its event is stored and answers its rows', async () => {
    await start();
    const published = recorder(CREDIT_REQUESTED);
    ledger.relay.start();
    // Credits an entry unless one with that id exists; the event only with the write.
    const creditOnce = (creditId: string, amount: string) =>
      ledger.outbox.statement<{ written: number }>(
        [creditId, amount],
        (outbox) => `WITH "fresh" AS (
             SELECT NOT EXISTS (SELECT 1 FROM "${ledger.schema}"."ledger_entry" WHERE "credit_id" = $1) AS "ok"),
           "write" AS (
             INSERT INTO "${ledger.schema}"."ledger_entry" ("credit_id", "amount")
             SELECT $1, $2 WHERE (SELECT "ok" FROM "fresh") RETURNING 1),
           "event" AS (${outbox.event(CREDIT_REQUESTED, { creditId, amount }, { key: creditId }, '(SELECT "ok" FROM "fresh")')})
         SELECT (SELECT count(*) FROM "write")::int AS "written"`,
      );

    await RequestContext.run({ correlationId: 'request-8' }, async () => {
      expect(await creditOnce('once', '5')).toEqual([{ written: 1 }]);
      expect(await creditOnce('once', '6')).toEqual([{ written: 0 }]);
    });
    await expect(creditOnce('refused', 'not a number')).rejects.toThrow();

    await expectEventually(() =>
      expect(published.map((event) => [event.payload, event.correlationId])).toEqual([
        [{ creditId: 'once', amount: '5' }, 'request-8'],
      ]),
    );
    expect((await ledger.entries()).map((entry) => [entry.creditId, entry.amount])).toEqual([['once', '5']]);
    expect(await ledger.dataSource.getRepository(OutboxMessageEntity).count()).toBe(1);
  });

  it('runs after-commit callbacks once the transaction committed, never after a rollback', async () => {
    await start();
    const calls: string[] = [];

    await ledger.outbox.run(async (tx) => {
      tx.afterCommit(() => calls.push('committed'));
      await tx.publish(CREDIT_REQUESTED, { creditId: 'kept', amount: '1' }, { key: 'kept' });
      calls.push('inside');
    });
    await expect(
      ledger.outbox.run(async (tx) => {
        tx.afterCommit(() => calls.push('rolled back'));
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');

    expect(calls).toEqual(['inside', 'committed']);
  });

  it('keeps the commit order of events and carries the correlation id', async () => {
    await start();
    const published = recorder(CREDIT_REQUESTED);
    for (let i = 0; i < 20; i += 1) {
      await RequestContext.run({ correlationId: 'request-42' }, () =>
        ledger.outbox.run((tx) =>
          tx.publish(CREDIT_REQUESTED, { creditId: `c${i}`, amount: '1' }, { key: 'same-key' }),
        ),
      );
    }

    ledger.relay.start();

    await expectEventually(() => expect(published).toHaveLength(20));
    expect(published.map((event) => (event.payload as { creditId: string }).creditId)).toEqual(
      Array.from({ length: 20 }, (_, i) => `c${i}`),
    );
    expect(new Set(published.map((event) => event.correlationId))).toEqual(new Set(['request-42']));
  });

  it('carries the id of the transaction that committed each event', async () => {
    await start();
    const published = recorder(CREDIT_REQUESTED);
    const transactionIds: string[] = [];
    for (const creditId of ['first', 'second']) {
      transactionIds.push(
        await ledger.outbox.run(async (tx) => {
          await tx.publish(CREDIT_REQUESTED, { creditId, amount: '1' }, { key: creditId });
          await tx.publishMany(CREDIT_REQUESTED, [
            { payload: { creditId, amount: '2' }, options: { key: creditId } },
          ]);
          const [row] = (await entityManagerOf(tx).query(
            'SELECT pg_current_xact_id()::text AS "xid"',
          )) as Array<{
            xid: string;
          }>;
          return row!.xid;
        }),
      );
    }

    ledger.relay.start();

    await expectEventually(() => expect(published).toHaveLength(4));
    const [first, second] = transactionIds;
    expect(published.map((event) => event.xid)).toEqual([first, first, second, second]);
    expect(BigInt(second!)).toBeGreaterThan(BigInt(first!));
  });

  it('publishes many events in one go, in the order given, only when the transaction commits', async () => {
    await start();
    const published = recorder(CREDIT_REQUESTED);
    const events = Array.from({ length: 1_200 }, (_, i) => ({
      payload: { creditId: `m${i}`, amount: '1' },
      options: { key: `key-${i % 3}` },
    }));
    const ids = await ledger.outbox.run((tx) => tx.publishMany(CREDIT_REQUESTED, events));
    await expect(
      ledger.outbox.run(async (tx) => {
        await tx.publishMany(CREDIT_REQUESTED, [
          { payload: { creditId: 'gone', amount: '1' }, options: { key: 'x' } },
        ]);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');

    ledger.relay.start();

    await expectEventually(() => expect(published).toHaveLength(1_200));
    expect(published.map((event) => (event.payload as { creditId: string }).creditId)).toEqual(
      events.map((event) => event.payload.creditId),
    );
    expect(published.map((event) => event.id)).toEqual(ids);
    expect(published[4]!.key).toBe('key-1');
  });

  it('applies an event delivered twice only once, and publishes its follow-up once', async () => {
    await start();
    const applied = recorder('ledger.credit.applied.v1');
    ledger.relay.start();
    await ledger.host.start('ledger', [ledger.consumer]);

    await bus.publish([creditEvent('twice')]);
    await bus.publish([creditEvent('twice')]);
    await bus.publish([creditEvent('after')]);

    await expectEventually(async () =>
      expect((await ledger.entries()).map((entry) => entry.creditId)).toEqual(['twice', 'after']),
    );
    await expectEventually(() => expect(applied).toHaveLength(2));
  });

  it('rolls back a failed attempt and retries it', async () => {
    await start();
    ledger.consumer.failuresLeft = 2;
    await ledger.host.start('ledger', [ledger.consumer]);

    await bus.publish([creditEvent('flaky')]);

    await expectEventually(async () =>
      expect((await ledger.entries()).map((entry) => entry.creditId)).toEqual(['flaky']),
    );
    expect(ledger.consumer.failuresLeft).toBe(0);
  });

  it('parks an event that keeps failing on the dead-letter topic and moves on', async () => {
    await start();
    const deadLetters = recorder(deadLetterTopic(CREDIT_REQUESTED));
    ledger.consumer.failuresLeft = 3;
    await ledger.host.start('ledger', [ledger.consumer]);

    await bus.publish([creditEvent('poison'), creditEvent('healthy')]);

    await expectEventually(async () =>
      expect((await ledger.entries()).map((entry) => entry.creditId)).toEqual(['healthy']),
    );
    expect(deadLetters).toHaveLength(1);
    expect(deadLetters[0]!.payload).toMatchObject({
      consumer: 'ledger',
      error: 'ledger unavailable',
      attempts: 3,
      event: { id: 'evt-poison' },
    });
  });

  it('dead-letters a payload that is not an object without retrying', async () => {
    await start();
    const deadLetters = recorder(deadLetterTopic(CREDIT_REQUESTED));
    await ledger.host.start('ledger', [ledger.consumer]);

    await bus.publish([{ ...creditEvent('garbled'), payload: null }]);

    await expectEventually(() => expect(deadLetters).toHaveLength(1));
    expect(deadLetters[0]!.payload).toMatchObject({ attempts: 0, error: 'payload is not a JSON object' });
    expect(await ledger.entries()).toEqual([]);
  });

  it('deletes published rows past the retention from the oldest on, keeping what follows a row it keeps', async () => {
    await start();
    // The relay is not started: the rows' publication is set by hand. Retention: 60 s.
    for (const creditId of ['a', 'b', 'c', 'd', 'e'])
      await ledger.outbox.run((tx) =>
        tx.publish(CREDIT_REQUESTED, { creditId, amount: '1' }, { key: creditId }),
      );
    const table = `"${ledger.schema}"."outbox_message"`;
    const publish = (key: string, secondsAgo: number) =>
      ledger.dataSource.query(
        `UPDATE ${table} SET "published_at" = now() - make_interval(secs => $2) WHERE "message_key" = $1`,
        [key, secondsAgo],
      );
    const remaining = async () =>
      (
        (await ledger.dataSource.query(`SELECT "message_key" FROM ${table} ORDER BY "position"`)) as {
          message_key: string;
        }[]
      ).map((row) => row.message_key);
    await publish('a', 120);
    await publish('b', 120);
    await publish('d', 120);
    await publish('e', 1);

    // c is not published yet: d, behind it, waits although it is old enough.
    expect(await ledger.relay.deleteExpired()).toBe(2);
    expect(await remaining()).toEqual(['c', 'd', 'e']);

    await publish('c', 90);
    expect(await ledger.relay.deleteExpired()).toBe(2);
    expect(await remaining()).toEqual(['e']);
    expect(await ledger.relay.deleteExpired()).toBe(0);
  });
});
