import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { UnitOfWork } from '@platform/database';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { openWebhookTestDatabase, type WebhookTestDatabase } from '../../test/webhook-test-database.js';
import { WebhookAttemptEntity } from './webhook-attempt.entity.js';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { DeliveryStatus, WebhookDeliveryEntity } from './webhook-delivery.entity.js';
import type { ClaimedDelivery, NewDelivery } from './webhook-delivery.js';

const MINUTE = 60_000;
const now = new Date('2026-11-23T12:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);

describe(WebhookDeliveriesRepository.name, () => {
  let database: WebhookTestDatabase;
  let dataSource: DataSource;
  let sut: WebhookDeliveriesRepository;
  let partnerId: string;
  let endpointId: string;

  beforeAll(async () => {
    database = await openWebhookTestDatabase();
    dataSource = database.dataSource;
    sut = new WebhookDeliveriesRepository(dataSource);
  });

  afterAll(async () => {
    await database.close();
  });

  beforeEach(() => {
    // Every test works on an endpoint of its own: claims never see another test's rows.
    partnerId = randomUUID();
    endpointId = randomUUID();
  });

  const delivery = (transactionId: string | null, sequence: number | null): NewDelivery => {
    const id = randomUUID();
    return {
      id,
      partnerId,
      endpointId,
      eventId: `event-${id}`,
      eventType: 'transaction.updated',
      transactionId,
      sequence,
      body: `{"id":"${id}"}`,
      createdAt: now,
      traceparent: null,
    };
  };

  async function insert(...deliveries: NewDelivery[]): Promise<void> {
    for (const item of deliveries) await sut.insert(new UnitOfWork(dataSource.manager), item, now);
  }

  // Claims of this test's endpoint only (others' rows may come due too: the limit leaves room for them).
  async function claimMine(at: Date, limit = 1000, token = randomUUID()): Promise<ClaimedDelivery[]> {
    const claimed = await sut.claimDue(at, limit, new Date(at.getTime() + MINUTE), token);
    return claimed.filter((claim) => claim.endpointId === endpointId);
  }

  const finish = (claim: ClaimedDelivery, status: DeliveryStatus.DELIVERED | DeliveryStatus.DEAD) =>
    sut.recordAttempt(
      claim,
      {
        id: randomUUID(),
        startedAt: now,
        durationMs: 5,
        outcome: 'x',
        statusCode: null,
        responseSnippet: null,
        requestHeaders: {},
        responseExcerpt: null,
      },
      status === DeliveryStatus.DELIVERED ? { status, at: now } : { status },
    );

  it('records one delivery per endpoint and event', async () => {
    const first = delivery(randomUUID(), 1);
    expect(await sut.insert(new UnitOfWork(dataSource.manager), first, now)).toBe(true);
    expect(await sut.insert(new UnitOfWork(dataSource.manager), { ...first, id: randomUUID() }, now)).toBe(
      false,
    );
    expect(await dataSource.manager.countBy(WebhookDeliveryEntity, { endpointId })).toBe(1);
  });

  it('never gives one delivery to two workers claiming at the same time', async () => {
    const all = Array.from({ length: 120 }, () => delivery(null, null));
    await insert(...all);

    const worker = async () => {
      const mine: string[] = [];
      for (;;) {
        const claimed = await claimMine(now, 7);
        if (claimed.length === 0) return mine;
        mine.push(...claimed.map((claim) => claim.id));
      }
    };
    const results = await Promise.all([worker(), worker(), worker()]);

    const claimedIds = results.flat();
    expect(claimedIds).toHaveLength(120);
    expect(new Set(claimedIds).size).toBe(120);
    expect(results.every((ids) => ids.length > 0)).toBe(true);
  });

  it("holds a transaction's later event back until the earlier one is delivered or dead", async () => {
    const transaction = randomUUID();
    const other = randomUUID();
    const [first, second, third, elsewhere] = [
      delivery(transaction, 1),
      delivery(transaction, 2),
      delivery(transaction, 3),
      delivery(other, 1),
    ];
    await insert(third, second, first, elsewhere);

    const round1 = await claimMine(now);
    expect(round1.map((claim) => claim.id).sort()).toEqual([first.id, elsewhere.id].sort());
    expect(await claimMine(now)).toEqual([]);

    await finish(
      round1.find((claim) => claim.id === first.id)!,
      DeliveryStatus.DELIVERED,
    );
    const round2 = await claimMine(now);
    expect(round2.map((claim) => claim.id)).toEqual([second.id]);

    await finish(round2[0]!, DeliveryStatus.DEAD);
    expect((await claimMine(now)).map((claim) => claim.id)).toEqual([third.id]);
  });

  it('leases a claim: nobody else gets it until the lease runs out, and a stale worker changes nothing', async () => {
    const item = delivery(null, null);
    await insert(item);

    const [first] = await claimMine(now);
    expect(first).toMatchObject({ id: item.id, attemptCount: 1, retryWindowStartedAt: now });
    expect(await claimMine(later(MINUTE - 1))).toEqual([]);

    // The first worker died: after the lease the delivery is claimed again, for a second attempt.
    const [second] = await claimMine(later(MINUTE));
    expect(second).toMatchObject({ id: item.id, attemptCount: 2, retryWindowStartedAt: now });

    expect(await finish(first!, DeliveryStatus.DELIVERED)).toBe(false);
    expect(await dataSource.manager.findOneByOrFail(WebhookDeliveryEntity, { id: item.id })).toMatchObject({
      status: DeliveryStatus.PENDING,
      leaseToken: second!.leaseToken,
    });
    expect(await finish(second!, DeliveryStatus.DELIVERED)).toBe(true);
    expect(await dataSource.manager.findOneByOrFail(WebhookDeliveryEntity, { id: item.id })).toMatchObject({
      status: DeliveryStatus.DELIVERED,
      leaseToken: null,
      attemptCount: 2,
    });
  });

  it('waits for a retry until it is due', async () => {
    const item = delivery(null, null);
    await insert(item);
    const [claim] = await claimMine(now);
    await sut.recordAttempt(
      claim!,
      {
        id: randomUUID(),
        startedAt: now,
        durationMs: 5,
        outcome: 'timeout',
        statusCode: null,
        responseSnippet: null,
        requestHeaders: {},
        responseExcerpt: null,
      },
      { status: DeliveryStatus.PENDING, nextAttemptAt: later(10 * MINUTE) },
    );

    expect(await claimMine(later(10 * MINUTE - 1))).toEqual([]);
    expect((await claimMine(later(10 * MINUTE))).map((c) => c.id)).toEqual([item.id]);
    expect(await dataSource.manager.findBy(WebhookAttemptEntity, { deliveryId: item.id })).toEqual([
      expect.objectContaining({ outcome: 'timeout', deliveryId: item.id, durationMs: 5 }),
    ]);
  });

  it('redelivers a dead delivery with a fresh retry window, claimed by the caller, only for its partner', async () => {
    const item = delivery(null, null);
    await insert(item);
    const [claim] = await claimMine(now);
    await finish(claim!, DeliveryStatus.DEAD);
    const at = later(48 * 60 * MINUTE);

    expect(await sut.requestRedelivery(randomUUID(), item.id, at, later(MINUTE), randomUUID())).toBeNull();
    const token = randomUUID();
    const redelivery = await sut.requestRedelivery(
      partnerId,
      item.id,
      at,
      new Date(at.getTime() + MINUTE),
      token,
    );

    expect(redelivery).toMatchObject({
      outcome: 'claimed',
      claim: { id: item.id, attemptCount: 2, retryWindowStartedAt: at, leaseToken: token },
    });
    // In flight now: a second request leaves it to that attempt.
    expect(await sut.requestRedelivery(partnerId, item.id, at, later(MINUTE), randomUUID())).toEqual({
      outcome: 'in_progress',
    });
  });

  it("keeps an attempt's headers and response excerpt and shows them to its partner only", async () => {
    const item = delivery(null, null);
    await insert(item);
    const [claim] = await claimMine(now);
    await sut.recordAttempt(
      claim!,
      {
        id: randomUUID(),
        startedAt: now,
        durationMs: 7,
        outcome: 'http_error',
        statusCode: 401,
        responseSnippet: 'bad signature',
        requestHeaders: { 'webhook-id': item.id, 'webhook-signature': 'v1,abc' },
        responseExcerpt: '{"error":"bad signature"}',
      },
      { status: DeliveryStatus.DEAD },
    );

    expect(await sut.attemptsOf(randomUUID(), item.id, 10)).toEqual([]);
    expect(await sut.attemptsOf(partnerId, item.id, 10)).toMatchObject([
      {
        statusCode: 401,
        durationMs: 7,
        requestHeaders: { 'webhook-id': item.id, 'webhook-signature': 'v1,abc' },
        responseExcerpt: '{"error":"bad signature"}',
      },
    ]);
  });

  it('redelivers an event behind a pending earlier one of its transaction without claiming it', async () => {
    const transaction = randomUUID();
    const first = delivery(transaction, 1);
    const second = delivery(transaction, 2);
    await insert(first, second);
    const [claimedFirst] = await claimMine(now);
    await sut.recordAttempt(
      claimedFirst!,
      {
        id: randomUUID(),
        startedAt: now,
        durationMs: 5,
        outcome: 'http_error',
        statusCode: 500,
        responseSnippet: null,
        requestHeaders: {},
        responseExcerpt: null,
      },
      { status: DeliveryStatus.PENDING, nextAttemptAt: later(MINUTE) },
    );

    expect(await sut.requestRedelivery(partnerId, second.id, now, later(MINUTE), randomUUID())).toEqual({
      outcome: 'queued',
    });
    expect(await dataSource.manager.findOneByOrFail(WebhookDeliveryEntity, { id: second.id })).toMatchObject({
      status: DeliveryStatus.PENDING,
      leaseToken: null,
      attemptCount: 0,
    });
  });
});
