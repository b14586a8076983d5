import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createHmac, randomUUID } from 'node:crypto';
import request from 'supertest';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { InternalTokenService, type RunningService } from '@platform/http';
import { InMemoryEventBus } from '@platform/messaging';
import { expectEventually, startTestDatabase, type TestDatabase } from '@platform/test-support';
import {
  TEST_INTERNAL_AUTH_SECRET,
  TEST_OPS_API_KEY,
  startTestService,
  testGatewayEnv,
} from '@platform/testing';
import { INTERNAL_IDENTITY_HEADER, TransactionStatus } from '@shared/contracts';
import { webhookDispatcherDefinition } from '../src/webhook-dispatcher.definition.js';
import { transactionEvent } from './transaction-events.js';
import { TEST_WEBHOOK_ENV } from './webhook-test-env.js';
import { WebhookReceiver, type ReceivedWebhook } from './webhook-receiver.js';

const refusal = (code: string, reason: string) => ({ code, reason, retryable: false });

// What a receiver does: recompute the signature under each secret it knows.
function signatureValid(webhook: ReceivedWebhook, secret: string): boolean {
  const content = `${webhook.headers['webhook-id']}.${webhook.headers['webhook-timestamp']}.${webhook.body}`;
  const expected = `v1,${createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
    .update(content)
    .digest('base64')}`;
  return String(webhook.headers['webhook-signature']).split(' ').includes(expected);
}

describe('webhooks through the gateway', () => {
  let database: TestDatabase;
  const bus = new InMemoryEventBus();
  let dispatcher: RunningService;
  let gateway: RunningService;
  let receiver: WebhookReceiver;
  let http: ReturnType<typeof request>;
  let partner: { apiKey: string; partnerId: string };
  let other: { apiKey: string; partnerId: string };

  async function createPartner(name: string) {
    const response = await http
      .post('/ops/partners')
      .set('X-OPS-API-KEY', TEST_OPS_API_KEY)
      .send({ name })
      .expect(201);
    return response.body as { apiKey: string; partnerId: string };
  }

  beforeAll(async () => {
    database = await startTestDatabase();
    await bus.connect();
    receiver = await WebhookReceiver.start();
    dispatcher = await startTestService(webhookDispatcherDefinition, {
      databaseUrl: database.url,
      bus,
      env: TEST_WEBHOOK_ENV,
    });
    gateway = await startTestService(apiGatewayDefinition, {
      databaseUrl: database.url,
      bus,
      env: testGatewayEnv({ quote: 'http://127.0.0.1:9', webhooks: dispatcher.url }),
    });
    http = request(gateway.app.getHttpServer());
    partner = await createPartner('Hooked');
    other = await createPartner('Other');
  });

  afterAll(async () => {
    await gateway.close();
    await dispatcher.close();
    await receiver.close();
    await bus.disconnect();
    await database.drop();
  });

  beforeEach(() => {
    receiver.status = 204;
  });

  const as = (who: { apiKey: string }) => ({
    get: (path: string) => http.get(path).set('X-API-Key', who.apiKey),
    put: (path: string, body: object) => http.put(path).set('X-API-Key', who.apiKey).send(body),
    post: (path: string) => http.post(path).set('X-API-Key', who.apiKey),
  });

  let secret: string;

  it('answers 404 while no endpoint is registered', async () => {
    const notRegistered = refusal(
      'not_found',
      'No webhook endpoint is registered; register one with PUT /webhooks/endpoint',
    );
    expect((await as(partner).get('/webhooks/endpoint').expect(404)).body).toEqual(notRegistered);
    expect((await as(partner).post('/webhooks/endpoint/test').expect(404)).body).toEqual(notRegistered);
  });

  it.each([
    ['no url', {}, 'url is required'],
    ['a url that is not a string', { url: 42 }, 'url must be a string'],
    ['a relative url', { url: '/hooks' }, 'url must be an absolute http(s) URL'],
    ['plain http to a public host', { url: 'http://93.184.215.14/hooks' }, 'url must use https'],
    [
      'a private address',
      { url: 'https://10.0.0.8/hooks' },
      'url must not point to a private, loopback, link-local or special-purpose address (10.0.0.8 is 10.0.0.8)',
    ],
    [
      'the cloud metadata address',
      { url: 'https://169.254.169.254/latest/meta-data' },
      'url must not point to a private, loopback, link-local or special-purpose address (169.254.169.254 is 169.254.169.254)',
    ],
    [
      'IPv6 loopback',
      { url: 'https://[::1]:8443/hooks' },
      'url must not point to a private, loopback, link-local or special-purpose address (::1 is ::1)',
    ],
    [
      'a local-use NAT64 address embedding the cloud metadata address',
      { url: 'https://[64:ff9b:1::a9fe:a9fe]/x' },
      'url must not point to a private, loopback, link-local or special-purpose address (64:ff9b:1::a9fe:a9fe is 64:ff9b:1::a9fe:a9fe)',
    ],
    [
      'an IPv4-compatible address',
      { url: 'https://[::a9fe:a9fe]/x' },
      'url must not point to a private, loopback, link-local or special-purpose address (::a9fe:a9fe is ::a9fe:a9fe)',
    ],
    [
      'a Teredo address',
      { url: 'https://[2001::1]/x' },
      'url must not point to a private, loopback, link-local or special-purpose address (2001::1 is 2001::1)',
    ],
    [
      'the cloud metadata address as one decimal number',
      { url: 'https://2852039166/' },
      'url must not point to a private, loopback, link-local or special-purpose address (169.254.169.254 is 169.254.169.254)',
    ],
    ['credentials in the url', { url: 'https://a:b@93.184.215.14/' }, 'url must not carry credentials'],
    [
      'rotate_secret of the wrong type',
      { url: 'https://93.184.215.14/', rotate_secret: 'yes' },
      'rotate_secret must be a boolean value',
    ],
    [
      'an unknown field',
      { url: 'https://93.184.215.14/', events: ['*'] },
      'property events should not exist',
    ],
  ])('refuses %s with invalid_request', async (_case, body, reason) => {
    const response = await as(partner).put('/webhooks/endpoint', body).expect(400);
    expect(response.body).toEqual(refusal('invalid_request', reason));
  });

  it('refuses a body nested thousands of levels deep with invalid_request', async () => {
    const response = await http
      .put('/webhooks/endpoint')
      .set('X-API-Key', partner.apiKey)
      .set('Content-Type', 'application/json')
      .send(`{"url":${'['.repeat(5000)}${']'.repeat(5000)}}`)
      .expect(400);
    expect(response.body).toEqual(
      refusal('invalid_request', 'Request body is nested too deeply (at most 32 levels)'),
    );
  });

  it('registers the endpoint and shows the secret once', async () => {
    const created = await as(partner).put('/webhooks/endpoint', { url: receiver.url }).expect(201);
    expect(created.body).toEqual({
      url: receiver.url,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      secret_created_at: expect.any(String),
      previous_secret_expires_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    secret = created.body.secret;

    const read = await as(partner).get('/webhooks/endpoint').expect(200);
    expect(read.body).toEqual({ ...created.body, secret: undefined });
    expect(read.body).not.toHaveProperty('secret');

    // Changing the URL keeps the secret and does not show it.
    const changed = await as(partner)
      .put('/webhooks/endpoint', { url: `${receiver.url}?v=2` })
      .expect(200);
    expect(changed.body).not.toHaveProperty('secret');
    expect(changed.body.url).toBe(`${receiver.url}?v=2`);
    expect(changed.body.secret_created_at).toBe(created.body.secret_created_at);
  });

  it('lets one of two racing first registrations win; the other is told to try again or sees the winner', async () => {
    const racer = await createPartner('Racer');
    const responses = await Promise.all(
      [1, 2].map(() => as(racer).put('/webhooks/endpoint', { url: receiver.url })),
    );
    const statuses = responses.map((response) => response.status).sort();

    expect([
      [200, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    const conflict = responses.find((response) => response.status === 409);
    if (conflict) {
      expect(conflict.body).toEqual({
        code: 'conflict',
        reason: 'The webhook endpoint changed meanwhile; try again',
        retryable: true,
      });
    }
    expect((await as(racer).get('/webhooks/endpoint').expect(200)).body.url).toBe(receiver.url);
  });

  it('sends a signed test event and answers with its attempt', async () => {
    const sent = receiver.received.length;
    const response = await as(partner).post('/webhooks/endpoint/test').expect(200);

    expect(response.body).toEqual({
      id: expect.any(String),
      event_type: 'webhook.test',
      transaction_id: null,
      sequence: null,
      status: 'DELIVERED',
      attempts: 1,
      last_outcome: 'delivered',
      last_status_code: 204,
      last_attempt_at: expect.any(String),
      next_attempt_at: null,
      delivered_at: expect.any(String),
      created_at: expect.any(String),
    });
    const webhook = receiver.received[sent]!;
    expect(webhook.headers['x-service-webhook-secret']).toBe(secret);
    expect(webhook.headers['webhook-id']).toBe(response.body.id);
    expect(Number(webhook.headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -1);
    expect(webhook.headers['content-type']).toBe('application/json');
    expect(signatureValid(webhook, secret)).toBe(true);
    expect(JSON.parse(webhook.body)).toEqual({
      id: response.body.id,
      type: 'webhook.test',
      created_at: expect.any(String),
      data: { message: expect.any(String) },
    });
  });

  it('delivers transaction events, in order, with the explicit payload', async () => {
    const transactionId = randomUUID();
    const sent = receiver.received.length;
    await bus.publish([
      transactionEvent(partner.partnerId, transactionId, 1),
      transactionEvent(partner.partnerId, transactionId, 2),
      transactionEvent(partner.partnerId, transactionId, 3, {
        status: TransactionStatus.WRONG_AMOUNT,
        previousStatus: TransactionStatus.AWAITING_PAYMENT,
        change: 'REFUND',
        refund: { status: 'SENT', amount: '50.000000', onChainTx: 'refund-tx', reason: 'WRONG_AMOUNT' },
      }),
    ]);

    await expectEventually(() => expect(receiver.received.length - sent).toBe(3));
    const bodies = receiver.bodies<{ type: string; data: Record<string, unknown> }>().slice(sent);
    expect(bodies.map((body) => [body.type, body.data.sequence])).toEqual([
      ['transaction.created', 1],
      ['transaction.updated', 2],
      ['transaction.updated', 3],
    ]);
    expect(bodies[2]).toEqual({
      id: receiver.received[sent + 2]!.headers['webhook-id'],
      type: 'transaction.updated',
      created_at: expect.any(String),
      data: {
        id: transactionId,
        status: 'WRONG_AMOUNT',
        previous_status: 'AWAITING_PAYMENT',
        sequence: 3,
        transaction_reference: expect.any(String),
        on_chain_tx_hash: `hash-${transactionId.slice(0, 8)}`,
        user_id: 'user-7',
        quote: {
          id: '0b9d1c54-7c25-4c53-a0f6-2a4f0d9e1f10',
          crypto_currency: 'USDC',
          network: 'STELLAR',
          payment_method: 'BREB',
          source_amount: '101.020000',
          target_amount: '400000.00',
          target_currency: 'COP',
        },
        refund: { status: 'SENT', amount: '50.000000', on_chain_tx: 'refund-tx', reason: 'WRONG_AMOUNT' },
      },
    });
    expect(receiver.received.slice(sent).every((webhook) => signatureValid(webhook, secret))).toBe(true);

    // The receiver has answered; the outcome is recorded just after.
    await expectEventually(async () => {
      const listed = await as(partner)
        .get(`/webhooks/deliveries?transaction_id=${transactionId}`)
        .expect(200);
      expect(listed.body).toMatchObject({ page: 1, pageSize: 20, total: 3 });
      expect(
        listed.body.deliveries.map((d: { sequence: number; status: string }) => [d.sequence, d.status]),
      ).toEqual([
        [3, 'DELIVERED'],
        [2, 'DELIVERED'],
        [1, 'DELIVERED'],
      ]);
    });
  });

  it('turns an event delivered twice by the bus into one delivery', async () => {
    const transactionId = randomUUID();
    const event = transactionEvent(partner.partnerId, transactionId, 1);
    const marker = randomUUID();
    await bus.publish([event]);
    await bus.publish([event]);
    await bus.publish([transactionEvent(partner.partnerId, marker, 1)]);

    // The consumer takes events in order: once the marker is recorded, both copies were seen.
    await expectEventually(async () =>
      expect(
        (await as(partner).get(`/webhooks/deliveries?transaction_id=${marker}`).expect(200)).body.total,
      ).toBe(1),
    );
    expect(
      (await as(partner).get(`/webhooks/deliveries?transaction_id=${transactionId}`).expect(200)).body.total,
    ).toBe(1);
  });

  it('gives events of partners without an endpoint to nobody', async () => {
    const unheard = randomUUID();
    const heard = randomUUID();
    await bus.publish([transactionEvent(other.partnerId, unheard, 1)]);
    await bus.publish([transactionEvent(partner.partnerId, heard, 1)]);

    // One consumer takes the events in order: once the later one is recorded, the earlier was seen.
    await expectEventually(async () =>
      expect(
        (await as(partner).get(`/webhooks/deliveries?transaction_id=${heard}`).expect(200)).body.total,
      ).toBe(1),
    );
    expect(receiver.bodies<{ data?: { id?: string } }>().some((body) => body.data?.id === unheard)).toBe(
      false,
    );
    expect((await as(other).get('/webhooks/deliveries').expect(200)).body).toEqual({
      page: 1,
      pageSize: 20,
      total: 0,
      deliveries: [],
    });
  });

  it('retries a failing receiver until it answers, and redelivers on request with the same Webhook-Id', async () => {
    receiver.status = 503;
    const transactionId = randomUUID();
    await bus.publish([transactionEvent(partner.partnerId, transactionId, 1)]);
    const listOf = async () =>
      (await as(partner).get(`/webhooks/deliveries?transaction_id=${transactionId}`).expect(200)).body
        .deliveries[0];

    await expectEventually(async () => expect((await listOf()).attempts).toBeGreaterThanOrEqual(2));
    expect(await listOf()).toMatchObject({
      status: 'PENDING',
      last_outcome: 'http_error',
      last_status_code: 503,
    });

    receiver.status = 200;
    await expectEventually(async () => expect((await listOf()).status).toBe('DELIVERED'));
    const delivered = await listOf();
    const timesSeen = () =>
      receiver.received.filter((webhook) => webhook.headers['webhook-id'] === delivered.id).length;
    const seenBefore = timesSeen();

    const redelivered = await as(partner).post(`/webhooks/deliveries/${delivered.id}/redeliver`).expect(200);
    expect(redelivered.body).toMatchObject({
      id: delivered.id,
      status: 'DELIVERED',
      attempts: delivered.attempts + 1,
      last_status_code: 200,
      redelivery: 'sent',
    });
    expect(timesSeen()).toBe(seenBefore + 1);

    // The detail: the body sent and every attempt, newest first, the secret never shown.
    const detail = (await as(partner).get(`/webhooks/deliveries/${delivered.id}`).expect(200)).body;
    const sent = receiver.received.filter((webhook) => webhook.headers['webhook-id'] === delivered.id);
    expect(detail).toMatchObject({ id: delivered.id, attempts: delivered.attempts + 1 });
    expect(detail.request_body).toBe(sent[0]!.body);
    expect(detail.attempt_history).toHaveLength(delivered.attempts + 1);
    const [latest] = detail.attempt_history;
    expect(latest).toEqual({
      id: expect.any(String),
      started_at: expect.any(String),
      duration_ms: expect.any(Number),
      outcome: 'delivered',
      status_code: 200,
      request_headers: {
        'content-type': 'application/json',
        'webhook-id': delivered.id,
        'webhook-timestamp': sent.at(-1)!.headers['webhook-timestamp'],
        'webhook-signature': sent.at(-1)!.headers['webhook-signature'],
        'user-agent': 'payout-webhook-dispatcher/1',
      },
      response_excerpt: 'answered 200',
    });
    expect(detail.attempt_history.at(-1)).toMatchObject({
      outcome: 'http_error',
      status_code: 503,
      response_excerpt: 'answered 503',
    });
  });

  it('filters the deliveries by event type and status', async () => {
    const tests = (
      await as(partner).get('/webhooks/deliveries?event_type=webhook.test&pageSize=100').expect(200)
    ).body;
    expect(tests.total).toBeGreaterThan(0);
    expect(new Set(tests.deliveries.map((delivery: { event_type: string }) => delivery.event_type))).toEqual(
      new Set(['webhook.test']),
    );
    const created = (
      await as(partner)
        .get('/webhooks/deliveries?event_type=transaction.created&status=DELIVERED')
        .expect(200)
    ).body;
    expect(created.total).toBeGreaterThan(0);
    for (const delivery of created.deliveries)
      expect(delivery).toMatchObject({ event_type: 'transaction.created', status: 'DELIVERED' });
    expect((await as(partner).get('/webhooks/deliveries?event_type=payout.done').expect(400)).body).toEqual(
      refusal(
        'invalid_request',
        'event_type must be one of transaction.created, transaction.updated, webhook.test',
      ),
    );
  });

  it('rotates the secret: shown once, the old one still signs and travels in the header during the grace period', async () => {
    const rotated = await as(partner)
      .put('/webhooks/endpoint', { url: receiver.url, rotate_secret: true })
      .expect(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(secret);
    expect(Date.parse(rotated.body.previous_secret_expires_at) - Date.now()).toBeGreaterThan(
      23 * 3600 * 1000,
    );
    expect((await as(partner).get('/webhooks/endpoint').expect(200)).body).not.toHaveProperty('secret');

    const sent = receiver.received.length;
    await as(partner).post('/webhooks/endpoint/test').expect(200);
    const webhook = receiver.received[sent]!;
    expect(String(webhook.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(signatureValid(webhook, rotated.body.secret)).toBe(true);
    expect(signatureValid(webhook, secret)).toBe(true);
    expect(webhook.headers['x-service-webhook-secret']).toBe(secret);
  });

  it('counts the attempts per day, their successes and latency, for the partner only', async () => {
    const { deliveries } = (await as(partner).get('/webhooks/deliveries?pageSize=100').expect(200)).body as {
      deliveries: Array<{ attempts: number }>;
    };
    const attempts = deliveries.reduce((sum, delivery) => sum + delivery.attempts, 0);
    const { body } = await as(partner).get('/webhooks/deliveries/stats?days=2').expect(200);

    // Two days: a run that crosses midnight (UTC) still finds every attempt.
    expect(Date.now() - Date.parse(body.since)).toBeGreaterThan(86_400_000);
    expect(body.since).toMatch(/T00:00:00\.000Z$/);
    const daily = body.daily as Array<{
      day: string;
      attempts: number;
      successes: number;
      failures: number;
      p50LatencyMs: number;
      p95LatencyMs: number;
    }>;
    const total = (field: 'attempts' | 'successes' | 'failures') =>
      daily.reduce((sum, row) => sum + row[field], 0);
    expect(daily.at(-1)!.day).toBe(new Date().toISOString().slice(0, 10));
    expect(total('attempts')).toBe(attempts);
    // The retried receiver answered 503 at least twice before it took the delivery.
    expect(total('failures')).toBeGreaterThanOrEqual(2);
    expect(total('successes') + total('failures')).toBe(attempts);
    for (const row of daily) {
      expect(row.p50LatencyMs).toBeGreaterThanOrEqual(0);
      expect(row.p95LatencyMs).toBeGreaterThanOrEqual(row.p50LatencyMs);
    }

    const others = await as(other).get('/webhooks/deliveries/stats').expect(200);
    expect(others.body.daily).toEqual([]);
    for (const days of ['0', '91', 'abc', '1.5'])
      expect((await as(partner).get(`/webhooks/deliveries/stats?days=${days}`).expect(400)).body).toEqual(
        refusal('invalid_request', 'days must be an integer from 1 to 90'),
      );
  });

  it("answers 404 for another partner's delivery and 400 for malformed ids and pages", async () => {
    const [mine] = (await as(partner).get('/webhooks/deliveries?pageSize=1').expect(200)).body.deliveries;
    const notFound = refusal('not_found', 'Webhook delivery not found');

    expect((await as(other).post(`/webhooks/deliveries/${mine.id}/redeliver`).expect(404)).body).toEqual(
      notFound,
    );
    expect((await as(other).get(`/webhooks/deliveries/${mine.id}`).expect(404)).body).toEqual(notFound);
    expect((await as(partner).get(`/webhooks/deliveries/${randomUUID()}`).expect(404)).body).toEqual(
      notFound,
    );
    expect((await as(partner).get('/webhooks/deliveries/not-a-uuid').expect(400)).body).toEqual(
      refusal('invalid_request', 'id must be a UUID'),
    );
    expect(
      (await as(partner).post(`/webhooks/deliveries/${randomUUID()}/redeliver`).expect(404)).body,
    ).toEqual(notFound);
    expect((await as(partner).post('/webhooks/deliveries/not-a-uuid/redeliver').expect(400)).body).toEqual(
      refusal('invalid_request', 'id must be a UUID'),
    );
    expect((await as(partner).get('/webhooks/deliveries?pageSize=500').expect(400)).body).toEqual(
      refusal('invalid_request', 'pageSize must be an integer from 1 to 100'),
    );
    for (const page of ['0', '1e20', '1000000000', '1.8e308', 'two'])
      expect((await as(partner).get(`/webhooks/deliveries?page=${page}`).expect(400)).body).toEqual(
        refusal('invalid_request', 'page must be an integer from 1 to 999999999'),
      );
    expect((await as(partner).get('/webhooks/deliveries?status=LOST').expect(400)).body).toEqual(
      refusal('invalid_request', 'status must be one of PENDING, DELIVERED, DEAD'),
    );
    expect((await as(partner).get('/webhooks/deliveries?transaction_id=42').expect(400)).body).toEqual(
      refusal('invalid_request', 'transaction_id must be a UUID'),
    );
  });

  it('refuses callers without a partner API key', async () => {
    const response = await http.get('/webhooks/endpoint').expect(401);
    expect(response.body).toMatchObject({ code: 'authentication_failed', retryable: false });

    // A wallet's Bearer identity, as the gateway forwards it.
    const token = await new InternalTokenService(TEST_INTERNAL_AUTH_SECRET).sign({
      kind: 'partner',
      partnerId: partner.partnerId,
      scheme: 'bearer',
      walletUser: 'GWALLET',
    });
    const forbidden = await request(dispatcher.app.getHttpServer())
      .get('/webhooks/endpoint')
      .set(INTERNAL_IDENTITY_HEADER, token)
      .expect(403);
    expect(forbidden.body).toEqual(
      refusal('forbidden', 'Webhook settings need the partner API key (X-API-Key), not a wallet token'),
    );
  });

  it('documents the routes in the gateway reference', async () => {
    const document = await http.get('/openapi.json').expect(200);
    expect(Object.keys(document.body.paths)).toEqual(
      expect.arrayContaining([
        '/webhooks/endpoint',
        '/webhooks/endpoint/test',
        '/webhooks/deliveries',
        '/webhooks/deliveries/{id}',
        '/webhooks/deliveries/{id}/redeliver',
        '/webhooks/deliveries/stats',
      ]),
    );
  });

  it('counts attempts by outcome on /metrics', async () => {
    const metrics = await request(dispatcher.app.getHttpServer()).get('/metrics').expect(200);
    expect(metrics.text).toMatch(
      /webhook_attempts_total\{outcome="delivered",service="webhook-dispatcher"\} \d+/,
    );
    expect(metrics.text).toMatch(
      /webhook_attempts_total\{outcome="http_error",service="webhook-dispatcher"\} \d+/,
    );
  });
});
