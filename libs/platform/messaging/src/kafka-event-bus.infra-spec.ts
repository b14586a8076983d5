import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { Kafka, logLevel } from 'kafkajs';
import { createLogger } from '@platform/logging';
import { expectEventually, kafkaBrokers, startTestDatabase, type TestDatabase } from '@platform/test-support';
import {
  CREDIT_REQUESTED,
  LedgerEntryEntity,
  startLedger,
  type LedgerHarness,
} from '../test/ledger-harness.js';
import type { ForeignEvent } from './environment-identity.js';
import type { EventBus } from './event-bus.js';
import type { DeadLetterPayload, EventEnvelope } from './event-envelope.js';
import { KafkaEventBus } from './kafka-event-bus.js';
import { OutboxMessageEntity } from './outbox-message.entity.js';

const CREDIT_APPLIED = 'ledger.credit.applied.v1';
const INFRA_SH = fileURLToPath(new URL('../../../../tools/infra/infra.sh', import.meta.url));

describe(KafkaEventBus.name, () => {
  // The broker keeps every earlier run's topics and groups: all names carry this run's id.
  const run = randomUUID().slice(0, 8);
  const logger = createLogger({ service: 'kafka-test', level: 'silent' });
  const cleanups: (() => Promise<unknown>)[] = [];
  let brokers: string[];
  let database: TestDatabase;

  beforeAll(async () => {
    const configured = kafkaBrokers();
    if (!configured) {
      throw new Error(
        'KAFKA_BROKERS is not set: run `bash tools/infra/infra.sh up` and `eval "$(bash tools/infra/infra.sh env)"`',
      );
    }
    brokers = configured;
    database = await startTestDatabase();
    if (database.kind !== 'postgres')
      throw new Error('TEST_DATABASE_URL is not set: the infra suite needs the real PostgreSQL');
  });

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  afterAll(async () => {
    await database?.drop();
  });

  // The broker keeps every earlier run's topics: each test's buses publish and consume under a
  // prefix of their own (a fresh group reads a topic from its beginning, so a shared topic would
  // feed one test's events to the next), as this run's environment.
  const environmentId = `test-${run}`;
  const prefixOf = (name: string) => `test.${run}.${name}.`;

  async function connectedBus(
    name: string,
    options: { environmentId?: string; topicPrefix?: string } = {},
  ): Promise<KafkaEventBus> {
    const bus = new KafkaEventBus({
      clientId: `kafka-test-${name}-${run}`,
      brokers,
      logger,
      environmentId: options.environmentId ?? environmentId,
      topicPrefix: options.topicPrefix ?? prefixOf(name),
    });
    cleanups.push(() => bus.disconnect());
    await bus.connect();
    return bus;
  }

  async function kafkaLedger(name: string) {
    const sut = await connectedBus(name);
    const ledger = await startLedger(database.url, sut, `ledger_${name}_${run}`);
    cleanups.push(() => ledger.close());
    return { sut, ledger };
  }

  async function rawProducer() {
    const producer = new Kafka({
      clientId: `kafka-test-raw-${run}`,
      brokers,
      logLevel: logLevel.NOTHING,
    }).producer();
    await producer.connect();
    cleanups.push(() => producer.disconnect());
    return producer;
  }

  async function record(
    bus: EventBus,
    topicName: string,
    groupId = `recorder-${topicName}`,
  ): Promise<EventEnvelope[]> {
    const seen: EventEnvelope[] = [];
    const handle = async (event: EventEnvelope) => void seen.push(event);
    await bus.subscribe({ groupId, topics: [topicName], handle });
    return seen;
  }

  it('kafkajs speaks to the Kafka 4.x broker', async () => {
    const sut = await connectedBus('roundtrip');
    const roundtrip = `kafka-test.roundtrip.v1.${run}`;
    const sent: EventEnvelope[] = [1, 2, 3].map((n) => ({
      id: randomUUID(),
      topic: roundtrip,
      key: `account-${n}`,
      payload: { amount: `${n}.50`, memo: 'café ☕', lines: [{ n }] },
      occurredAt: new Date(Date.UTC(2026, 0, n, 12, 30, 15, 123)).toISOString(),
      correlationId: `request-${n}`,
    }));

    expect(await sut.isReady()).toBe(true);
    await sut.publish(sent);
    const received = await record(sut, roundtrip);

    // Distinct keys land on different partitions, which keep no order among themselves.
    await expectEventually(() => expect(byId(received)).toEqual(byId(sent)), { timeoutMs: 30_000 });
    await sut.disconnect();
    expect(await sut.isReady()).toBe(false);
  });

  it('a group that starts at the latest offset gets what is published after it joined and commits no offset', async () => {
    const sut = await connectedBus('latest');
    const topic = `kafka-test.latest.v1.${run}`;
    const event = (n: number): EventEnvelope => ({
      id: randomUUID(),
      topic,
      key: 'fan-out',
      payload: { n },
      occurredAt: new Date().toISOString(),
      correlationId: `request-${n}`,
    });
    await sut.publish([event(1)]);
    const seen: EventEnvelope[] = [];
    const fanOut = `fan-out-${run}`;
    await sut.subscribe({
      groupId: fanOut,
      topics: [topic],
      startFrom: 'latest',
      handle: async (e) => void seen.push(e),
    });
    const durable = await record(sut, topic);

    await sut.publish([event(2)]);

    await expectEventually(() => expect(durable.map((e) => e.payload)).toEqual([{ n: 1 }, { n: 2 }]), {
      timeoutMs: 30_000,
    });
    await expectEventually(() => expect(seen.map((e) => e.payload)).toEqual([{ n: 2 }]), {
      timeoutMs: 30_000,
    });
    const admin = new Kafka({
      clientId: `kafka-test-admin-${run}`,
      brokers,
      logLevel: logLevel.NOTHING,
    }).admin();
    await admin.connect();
    try {
      // On the broker a group carries the deployment's environment id.
      const committed = async (groupId: string) =>
        (
          await admin.fetchOffsets({
            groupId: `${environmentId}.${groupId}`,
            topics: [`${prefixOf('latest')}${topic}`],
          })
        )[0]!.partitions.map((p) => p.offset);
      await expectEventually(async () => expect(await committed(`recorder-${topic}`)).toContain('2'), {
        timeoutMs: 30_000,
      });
      expect(new Set(await committed(fanOut))).toEqual(new Set(['-1']));
    } finally {
      await admin.disconnect();
    }
  });

  it("measures a durable group's lag per partition from the broker, and leaves out groups that start at the latest offset", async () => {
    const sut = await connectedBus('lag');
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const handled: string[] = [];
    await sut.subscribe({
      groupId: `lagging-${run}`,
      topics: ['lag.test.v1'],
      handle: async (event) => {
        await gate;
        handled.push(event.id);
      },
    });
    await sut.subscribe({
      groupId: `fan-out-${run}`,
      topics: ['lag.test.v1'],
      startFrom: 'latest',
      handle: async () => undefined,
    });
    const events = Array.from({ length: 5 }, () => randomUUID()).map((id) => ({
      id,
      topic: 'lag.test.v1',
      key: 'one-key',
      payload: {},
      occurredAt: new Date().toISOString(),
      correlationId: id,
    }));
    await sut.publish(events);
    const lagOf = async (groupId: string) =>
      (await sut.consumerLag()).filter((lag) => lag.groupId === groupId);
    // The first event holds its partition: all five wait, on one partition of the logical topic.
    await expectEventually(async () =>
      expect((await lagOf(`lagging-${run}`)).reduce((sum, { lag }) => sum + lag, 0)).toBe(5),
    );
    expect((await lagOf(`lagging-${run}`)).every(({ topic }) => topic === 'lag.test.v1')).toBe(true);
    expect(await lagOf(`fan-out-${run}`)).toEqual([]);
    open();
    await expectEventually(() => expect(handled).toHaveLength(5));
    await expectEventually(async () =>
      expect((await lagOf(`lagging-${run}`)).reduce((sum, { lag }) => sum + lag, 0)).toBe(0),
    );
  });

  it('an event written through the outbox is consumed once even when delivered twice', async () => {
    const { sut, ledger } = await kafkaLedger('twice');
    const applied = await record(sut, CREDIT_APPLIED);
    ledger.relay.start();
    await ledger.host.start(`ledger-twice-${run}`, [ledger.consumer]);

    const eventId = await ledger.outbox.run((tx) =>
      tx.publish(CREDIT_REQUESTED, { creditId: 'once', amount: '25.00' }, { key: 'account-1' }),
    );
    await expectEventually(async () => expect(await creditIds(ledger)).toEqual(['once']), {
      timeoutMs: 30_000,
    });
    const row = await ledger.dataSource.getRepository(OutboxMessageEntity).findOneByOrFail({ eventId });
    await sut.publish([
      {
        id: row.eventId,
        topic: row.topic,
        key: row.messageKey,
        payload: row.payload,
        occurredAt: row.occurredAt.toISOString(),
        correlationId: row.correlationId,
      },
    ]);
    // Same key, so same partition: once this one is applied, the redelivered copy has been handled.
    await ledger.outbox.run((tx) =>
      tx.publish(CREDIT_REQUESTED, { creditId: 'after', amount: '1.00' }, { key: 'account-1' }),
    );

    await expectEventually(async () => expect(await creditIds(ledger)).toEqual(['once', 'after']), {
      timeoutMs: 30_000,
    });
    const followUps = await ledger.dataSource
      .getRepository(OutboxMessageEntity)
      .find({ where: { topic: CREDIT_APPLIED }, order: { position: 'ASC' } });
    expect(followUps.map((followUp) => followUp.payload)).toEqual([
      { creditId: 'once' },
      { creditId: 'after' },
    ]);
    await expectEventually(
      () =>
        expect(applied.map((event) => event.payload)).toEqual(
          expect.arrayContaining([{ creditId: 'once' }, { creditId: 'after' }]),
        ),
      { timeoutMs: 30_000 },
    );
    expect(applied).toHaveLength(2);
    // The committing transaction's id travels in a header.
    expect(applied.map((event) => event.xid).sort()).toEqual(
      followUps.map((followUp) => followUp.xid).sort(),
    );
  });

  it('an event of another environment, or of none, is dead-lettered unread and the consumer moves past it', async () => {
    const { sut, ledger } = await kafkaLedger('foreign');
    const refused: ForeignEvent[] = [];
    sut.onForeignEvent((event) => refused.push(event));
    const deadLetters = await record(sut, `${CREDIT_REQUESTED}.dlq`);
    // Another deployment on the same broker and topics, and a producer that stamps no identity.
    const otherDeployment = await connectedBus('foreign-other', {
      environmentId: 'other-environment',
      topicPrefix: prefixOf('foreign'),
    });
    const foreignId = randomUUID();
    await otherDeployment.publish([
      {
        id: foreignId,
        topic: CREDIT_REQUESTED,
        key: 'account-1',
        payload: { creditId: 'foreign', amount: '18.47' },
        occurredAt: new Date().toISOString(),
        correlationId: 'other',
      },
    ]);
    const producer = await rawProducer();
    await producer.send({
      topic: `${prefixOf('foreign')}${CREDIT_REQUESTED}`,
      messages: [
        {
          key: 'account-1',
          value: JSON.stringify({ creditId: 'headerless', amount: '5.00' }),
          headers: { 'event-id': 'headerless-1' },
        },
      ],
    });
    ledger.relay.start();
    await ledger.host.start(`ledger-foreign-${run}`, [ledger.consumer]);

    // Same key, hence same partition: once this one is applied, both before it were handled.
    await ledger.outbox.run((tx) =>
      tx.publish(CREDIT_REQUESTED, { creditId: 'own', amount: '1.00' }, { key: 'account-1' }),
    );

    await expectEventually(async () => expect(await creditIds(ledger)).toEqual(['own']), {
      timeoutMs: 30_000,
    });
    await expectEventually(() => expect(deadLetters).toHaveLength(2), { timeoutMs: 30_000 });
    const parked = deadLetters.map((letter) => letter.payload as DeadLetterPayload);
    expect(parked).toEqual([
      {
        event: expect.objectContaining({
          id: foreignId,
          topic: CREDIT_REQUESTED,
          payload: { creditId: 'foreign', amount: '18.47' },
        }),
        consumer: `ledger-foreign-${run}`,
        error: 'event of another environment (other-environment)',
        attempts: 0,
        environment: 'other-environment',
      },
      {
        event: expect.objectContaining({
          id: 'headerless-1',
          payload: { creditId: 'headerless', amount: '5.00' },
        }),
        consumer: `ledger-foreign-${run}`,
        error: 'event carries no environment id',
        attempts: 0,
        environment: null,
      },
    ]);
    // The inbox never saw them either: nothing of another environment is recorded as handled.
    const inbox = (
      await ledger.dataSource.query(`SELECT "event_id" FROM "${ledger.schema}"."inbox_message"`)
    ).map((row: { event_id: string }) => row.event_id);
    expect(inbox).not.toContain(foreignId);
    expect(inbox).not.toContain('headerless-1');
    expect(refused.map(({ topic, environment, reason }) => ({ topic, environment, reason }))).toEqual(
      expect.arrayContaining([
        {
          topic: CREDIT_REQUESTED,
          environment: 'other-environment',
          reason: 'event of another environment (other-environment)',
        },
        { topic: CREDIT_REQUESTED, environment: null, reason: 'event carries no environment id' },
      ]),
    );
  });

  it("two deployments' topics and groups do not see each other, nor a deployment's unprefixed topics", async () => {
    const topic = 'kafka-test.isolation.v1';
    // Each event its own key: they spread over every partition of the topic.
    const events = (deployment: string, from: number, to: number): EventEnvelope[] =>
      Array.from({ length: to - from }, (_, n) => `${deployment}-${from + n}`).map((label) => ({
        id: randomUUID(),
        topic,
        key: label,
        payload: { label },
        occurredAt: new Date().toISOString(),
        correlationId: label,
      }));
    const labels = (seen: EventEnvelope[]) => seen.map((e) => (e.payload as { label: string }).label).sort();
    // Two deployments, each with its own prefix and environment, on the same logical topic.
    const suiteA = await connectedBus('isolation-a', {
      environmentId: 'test-a',
      topicPrefix: `test.${run}-a.`,
    });
    const suiteB = await connectedBus('isolation-b', {
      environmentId: 'test-b',
      topicPrefix: `test.${run}-b.`,
    });
    const refusedByB: ForeignEvent[] = [];
    suiteB.onForeignEvent((foreign) => refusedByB.push(foreign));
    await suiteA.publish(events('a', 0, 1));
    // Both deployments run the same app, hence the same group names. The assignor hands a group's
    // partitions to any of its members, whatever each subscribed: were the groups shared on the
    // broker, some of B's partitions would go to A's member, which never reads them.
    const seenByA = await record(suiteA, topic, `recorder-${run}`);
    const seenByB = await record(suiteB, topic, `recorder-${run}`);
    await suiteA.publish(events('a', 1, 12));
    await suiteB.publish(events('b', 0, 12));

    await expectEventually(() => expect(labels(seenByB)).toEqual(labels(events('b', 0, 12))), {
      timeoutMs: 30_000,
    });
    await expectEventually(() => expect(labels(seenByA)).toEqual(labels(events('a', 0, 12))), {
      timeoutMs: 30_000,
    });
    // Not even refused: B's consumers never received A's events.
    expect(refusedByB).toEqual([]);
    const admin = new Kafka({
      clientId: `kafka-test-admin-${run}`,
      brokers,
      logLevel: logLevel.NOTHING,
    }).admin();
    await admin.connect();
    try {
      const topics = await admin.listTopics();
      expect(topics).toEqual(expect.arrayContaining([`test.${run}-a.${topic}`, `test.${run}-b.${topic}`]));
      // Nothing under the name a deployment would consume.
      expect(topics).not.toContain(topic);
    } finally {
      await admin.disconnect();
    }
  });

  it('a group named without its environment id, as before, hands its committed offsets to the renamed group', async () => {
    const sut = await connectedBus('renamed');
    const topic = 'kafka-test.renamed.v1';
    const physicalTopic = `${prefixOf('renamed')}${topic}`;
    const groupId = `renamed-${run}`;
    const event = (n: number): EventEnvelope => ({
      id: randomUUID(),
      topic,
      key: 'one-key',
      payload: { n },
      occurredAt: new Date().toISOString(),
      correlationId: `request-${n}`,
    });
    await sut.publish([event(1), event(2)]);
    // What a deployment left behind before the rename: the bare group read both events.
    const admin = new Kafka({
      clientId: `kafka-test-admin-${run}`,
      brokers,
      logLevel: logLevel.NOTHING,
    }).admin();
    await admin.connect();
    cleanups.push(() => admin.disconnect());
    const ends = await admin.fetchTopicOffsets(physicalTopic);
    await admin.setOffsets({
      groupId,
      topic: physicalTopic,
      partitions: ends.map(({ partition, high }) => ({ partition, offset: high })),
    });

    const seen = await record(sut, topic, groupId);
    await sut.publish([event(3)]);

    await expectEventually(() => expect(seen.map((e) => e.payload)).toEqual([{ n: 3 }]), {
      timeoutMs: 30_000,
    });
    // From then on the renamed group keeps its own offsets.
    await expectEventually(async () => {
      const [own] = await admin.fetchOffsets({
        groupId: `${environmentId}.${groupId}`,
        topics: [physicalTopic],
      });
      const committed = own!.partitions.reduce((sum, { offset }) => sum + Math.max(0, Number(offset)), 0);
      expect(committed).toBe(3);
    });
  });

  it('restarting the broker in the middle of a stream of 1,000 events loses none and duplicates no effect', async () => {
    const { ledger } = await kafkaLedger('restart');
    ledger.relay.start();
    await ledger.host.start(`ledger-restart-${run}`, [ledger.consumer]);
    const credits = Array.from({ length: 1_000 }, (_, n) => `credit-${n}`);
    const ledgerRows = () => ledger.dataSource.getRepository(LedgerEntryEntity).count();

    let restarted: Promise<void> | undefined;
    for (let written = 0; written < credits.length; written += 10) {
      if (written === 300) restarted = restartKafka();
      await ledger.outbox.run(async (tx) => {
        for (const creditId of credits.slice(written, written + 10)) {
          await tx.publish(CREDIT_REQUESTED, { creditId, amount: '1.00' }, { key: creditId });
        }
      });
    }
    await restarted;

    await expectEventually(async () => expect(await ledgerRows()).toBeGreaterThanOrEqual(credits.length), {
      timeoutMs: 180_000,
      intervalMs: 250,
    });
    const applied = await creditIds(ledger);
    expect(applied).toHaveLength(credits.length);
    expect(new Set(applied)).toEqual(new Set(credits));
    await expectEventually(async () => expect(await ledger.relay.backlog()).toBe(0), { timeoutMs: 30_000 });
  }, 240_000);
  it('a group of two replicas consumes again within 5 s of the restarted broker being ready', async () => {
    // Two members, as two replicas of an app: during the outage kafkajs gives up on one of them
    // ("no broker available") and it rejoins as a new member, while the broker still counts the
    // old one in. The group then waits for that member only as long as the rebalance timeout.
    const topic = `kafka-test.recovery.v1.${run}`;
    const arrivals = new Map<string, number>();
    const [sut, replica] = [await connectedBus('recovery'), await connectedBus('recovery')];
    for (const bus of [sut, replica])
      await bus.subscribe({
        groupId: `recovery-${run}`,
        topics: [topic],
        handle: async (event) => void arrivals.set(event.id, Date.now()),
      });
    const probe = (id: string) => ({
      id,
      topic,
      key: id,
      payload: {},
      occurredAt: new Date().toISOString(),
      correlationId: id,
    });
    await sut.publish([probe('before')]);
    await expectEventually(() => expect(arrivals.has('before')).toBe(true), { timeoutMs: 30_000 });

    await restartKafka();
    const back = Date.now();
    // Keys spread over the topic's three partitions: both members must be back.
    await sut.publish(['after-1', 'after-2', 'after-3', 'after-4'].map(probe));
    await expectEventually(() => expect(arrivals.size).toBe(5), { timeoutMs: 60_000, intervalMs: 50 });
    const recoveryMs = Math.max(...[...arrivals.values()]) - back;
    process.stdout.write(
      `broker restart: the group consumed everything again ${recoveryMs} ms after the broker was ready\n`,
    );
    expect(recoveryMs).toBeLessThan(5_000);
  }, 120_000);
});

async function creditIds(ledger: LedgerHarness): Promise<string[]> {
  return (await ledger.entries()).map((entry) => entry.creditId);
}

function byId(events: readonly EventEnvelope[]): EventEnvelope[] {
  return [...events].sort((a, b) => a.id.localeCompare(b.id));
}

function restartKafka(): Promise<void> {
  return new Promise((resolve, reject) => {
    // Own session: the restarted broker must outlive this Jest process and its process group.
    const child = spawn('bash', [INFRA_SH, 'restart-kafka'], {
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let log = '';
    child.stderr.on('data', (chunk) => (log += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`infra.sh restart-kafka exited with ${code}:\n${log}`)),
    );
  });
}
