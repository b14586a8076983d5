import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { OutgoingWebhookRequestedV1 } from '@shared/contracts';
import { UnitOfWork } from '@platform/database';
import { openWebhookTestDatabase, type WebhookTestDatabase } from '../../test/webhook-test-database.js';
import { OutgoingWebhookCallsRepository } from './outgoing-webhook-calls.repository.js';

const now = new Date('2026-11-26T12:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);

const requested = (requestId: string): OutgoingWebhookRequestedV1 => ({
  requestId,
  url: 'http://127.0.0.1:5002/',
  headers: { 'user-agent': 'ZulipOutgoingWebhook/11.0' },
  body: '{"data":"hi"}',
  trigger: {
    realmId: 1,
    botUserId: 7,
    interface: 1,
    message: { id: 3, type: 'private', display_recipient: [{ id: 7, email: 'bot@x' }], subject: '' },
  },
});

describe(OutgoingWebhookCallsRepository.name, () => {
  let database: WebhookTestDatabase;
  let dataSource: DataSource;
  let sut: OutgoingWebhookCallsRepository;

  beforeAll(async () => {
    database = await openWebhookTestDatabase();
    dataSource = database.dataSource;
    sut = new OutgoingWebhookCallsRepository(dataSource);
  });

  afterAll(() => database.close());

  // Every test starts from an empty queue: claims would otherwise see other tests' rows.
  beforeEach(() => dataSource.query('DELETE FROM webhook_dispatcher.outgoing_webhook_call'));

  it('queues a request once, however often it is seen', async () => {
    const id = randomUUID();
    await sut.insert(new UnitOfWork(dataSource.manager), requested(id), now);
    await sut.insert(new UnitOfWork(dataSource.manager), requested(id), now);
    expect(await sut.claimDue(now, later(90_000), 10)).toEqual([{ request: requested(id), attempt: 1 }]);
  });

  it('lets concurrent claimers share the calls without overlap, and frees a call whose lease ran out', async () => {
    const ids = Array.from({ length: 6 }, () => randomUUID());
    for (const id of ids) await sut.insert(new UnitOfWork(dataSource.manager), requested(id), now);
    const claims = await Promise.all([1, 2, 3].map(() => sut.claimDue(now, later(90_000), 6)));
    const claimed = claims.flat().map((call) => call.request.requestId);
    expect(claimed.sort()).toEqual([...ids].sort());
    // Leased: nobody else takes them until the lease runs out (a worker that died), then the
    // next claim is the call's second attempt.
    expect(await sut.claimDue(later(60_000), later(150_000), 6)).toEqual([]);
    const reclaimed = await sut.claimDue(later(90_000), later(180_000), 6);
    expect(reclaimed).toHaveLength(6);
    expect(reclaimed.every((call) => call.attempt === 2)).toBe(true);
  });

  it('retries at the time given, and removes a call once', async () => {
    const id = randomUUID();
    await sut.insert(new UnitOfWork(dataSource.manager), requested(id), now);
    await sut.claimDue(now, later(90_000), 1);
    await sut.retryAt(id, later(1_000));
    expect(await sut.claimDue(later(500), later(90_500), 1)).toEqual([]);
    expect(await sut.claimDue(later(1_000), later(91_000), 1)).toEqual([
      { request: requested(id), attempt: 2 },
    ]);
    expect(await sut.remove(new UnitOfWork(dataSource.manager), id)).toBe(true);
    expect(await sut.remove(new UnitOfWork(dataSource.manager), id)).toBe(false);
  });
});
