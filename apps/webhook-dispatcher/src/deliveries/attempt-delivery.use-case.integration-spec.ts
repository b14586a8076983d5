import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { UnitOfWork } from '@platform/database';
import { MetricsRegistry } from '@platform/http';
import { createLogger, currentTraceIds, startTracing } from '@platform/logging';
import { AesGcmCipher, FixedClock, RandomIdGenerator } from '@shared/util';
import { openWebhookTestDatabase, type WebhookTestDatabase } from '../../test/webhook-test-database.js';
import type { WebhookEndpoint } from '../endpoint-registry/webhook-endpoint.js';
import { WebhookEndpointsRepository } from '../endpoint-registry/webhook-endpoints.repository.js';
import {
  AttemptOutcome,
  type AttemptResult,
  WebhookSender,
  type WebhookRequest,
} from '../outbound/webhook-sender.js';
import { generateWebhookSecret } from '../outbound/webhook-signature.js';
import { AttemptDeliveryUseCase } from './attempt-delivery.use-case.js';
import { RetrySchedule } from './retry-schedule.js';
import { WebhookAttemptEntity } from './webhook-attempt.entity.js';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { DeliveryStatus, WebhookDeliveryEntity } from './webhook-delivery.entity.js';
import { WebhookMetrics } from './webhook-metrics.js';

const HOUR = 3_600_000;
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';

// Answers what the test says and keeps what it was sent, and in which trace.
class ScriptedSender extends WebhookSender {
  readonly sent: WebhookRequest[] = [];
  readonly traceIds: Array<string | undefined> = [];
  outcome = AttemptOutcome.CONNECTION_ERROR;
  responseBody = '';

  async send(request: WebhookRequest): Promise<AttemptResult> {
    this.sent.push(request);
    this.traceIds.push(currentTraceIds()?.trace_id);
    const delivered = this.outcome === AttemptOutcome.DELIVERED;
    return {
      outcome: this.outcome,
      statusCode: delivered ? 200 : null,
      durationMs: 3,
      responseSnippet: null,
      ...(request.keepResponseBytes === undefined ? {} : { responseBody: this.responseBody }),
    };
  }
}

describe(AttemptDeliveryUseCase.name, () => {
  let database: WebhookTestDatabase;
  let deliveries: WebhookDeliveriesRepository;
  let endpoints: WebhookEndpointsRepository;
  let metrics: MetricsRegistry;
  const clock = new FixedClock(new Date('2026-11-23T12:00:00Z'));
  const sender = new ScriptedSender();
  let sut: AttemptDeliveryUseCase;

  beforeAll(async () => {
    startTracing({ serviceName: 'webhook-dispatcher-test' });
    database = await openWebhookTestDatabase();
    deliveries = new WebhookDeliveriesRepository(database.dataSource);
    endpoints = new WebhookEndpointsRepository(database.dataSource, new AesGcmCipher(randomBytes(32)));
    metrics = new MetricsRegistry('webhook-dispatcher');
    sut = new AttemptDeliveryUseCase(
      endpoints,
      deliveries,
      sender,
      new RetrySchedule({ baseMs: 10_000, maxDelayMs: HOUR, windowMs: 24 * HOUR }),
      new WebhookMetrics(metrics),
      clock,
      new RandomIdGenerator(),
      createLogger({ service: 'webhook-dispatcher-test', level: 'silent' }),
    );
  });

  afterAll(async () => {
    await database.close();
  });

  async function endpointWithDelivery(
    endpoint: Partial<WebhookEndpoint> = {},
    traceparent: string | null = null,
  ) {
    const now = clock.now();
    const registered: WebhookEndpoint = {
      id: randomUUID(),
      partnerId: randomUUID(),
      url: 'https://partner.example.com/hooks',
      secret: generateWebhookSecret(),
      secretCreatedAt: now,
      previousSecret: null,
      previousSecretExpiresAt: null,
      createdAt: now,
      updatedAt: now,
      ...endpoint,
    };
    await endpoints.insert(new UnitOfWork(database.dataSource.manager), registered);
    const id = randomUUID();
    await deliveries.insert(
      new UnitOfWork(database.dataSource.manager),
      {
        id,
        partnerId: registered.partnerId,
        endpointId: registered.id,
        eventId: `event-${id}`,
        eventType: 'transaction.created',
        transactionId: randomUUID(),
        sequence: 1,
        body: '{"type":"transaction.created"}',
        createdAt: now,
        traceparent,
      },
      now,
    );
    return { endpoint: registered, deliveryId: id };
  }

  const claimOf = async (deliveryId: string) => {
    const now = clock.now();
    const claimed = await deliveries.claimDue(now, 1000, new Date(now.getTime() + 60_000), randomUUID());
    return claimed.find((claim) => claim.id === deliveryId)!;
  };
  const stored = (id: string) => database.dataSource.manager.findOneByOrFail(WebhookDeliveryEntity, { id });

  it('signs with the current secret and, during a grace period, the previous one too', async () => {
    const previous = generateWebhookSecret();
    const { endpoint, deliveryId } = await endpointWithDelivery({
      previousSecret: previous,
      previousSecretExpiresAt: new Date(clock.now().getTime() + HOUR),
    });
    sender.outcome = AttemptOutcome.DELIVERED;

    expect(await sut.execute(await claimOf(deliveryId))).toBe(DeliveryStatus.DELIVERED);

    const request = sender.sent.at(-1)!;
    const timestamp = String(Math.floor(clock.now().getTime() / 1000));
    const sign = (secret: string) =>
      `v1,${createHmac('sha256', Buffer.from(secret.slice(6), 'base64'))
        .update(`${deliveryId}.${timestamp}.${request.body}`)
        .digest('base64')}`;
    const signedHeaders = {
      'content-type': 'application/json',
      'webhook-id': deliveryId,
      'webhook-timestamp': timestamp,
      'webhook-signature': `${sign(endpoint.secret)} ${sign(previous)}`,
      'user-agent': 'payout-webhook-dispatcher/1',
    };
    expect(request.headers).toEqual({ ...signedHeaders, 'x-service-webhook-secret': previous });
    // The attempt keeps what the partner verifies, never the secret.
    expect(
      await database.dataSource.manager.findOneByOrFail(WebhookAttemptEntity, { deliveryId }),
    ).toMatchObject({
      requestHeaders: signedHeaders,
    });
    expect(await stored(deliveryId)).toMatchObject({
      status: 'DELIVERED',
      lastOutcome: 'delivered',
      lastStatusCode: 200,
    });
  });

  it("keeps up to 2 KiB of the receiver's answer as text, without NUL characters", async () => {
    const { deliveryId } = await endpointWithDelivery();
    sender.outcome = AttemptOutcome.HTTP_ERROR;
    sender.responseBody = '{"error":"bad\u0000 signature"}';

    await sut.execute(await claimOf(deliveryId));

    expect(sender.sent.at(-1)!.keepResponseBytes).toBe(2048);
    expect(
      await database.dataSource.manager.findOneByOrFail(WebhookAttemptEntity, { deliveryId }),
    ).toMatchObject({
      responseExcerpt: '{"error":"bad signature"}',
    });
    sender.responseBody = '';
  });

  it('retries a failing delivery for 24 hours, then declares it dead', async () => {
    const { deliveryId } = await endpointWithDelivery();
    sender.outcome = AttemptOutcome.CONNECTION_ERROR;
    const firstAttempt = clock.now().getTime();

    let attempts = 0;
    for (;;) {
      const claim = await claimOf(deliveryId);
      attempts += 1;
      if ((await sut.execute(claim)) === DeliveryStatus.DEAD) break;
      const { nextAttemptAt } = await stored(deliveryId);
      clock.advanceBy(nextAttemptAt!.getTime() - clock.now().getTime());
    }

    expect(clock.now().getTime() - firstAttempt).toBeGreaterThanOrEqual(24 * HOUR);
    expect(await stored(deliveryId)).toMatchObject({
      status: 'DEAD',
      attemptCount: attempts,
      nextAttemptAt: null,
      lastOutcome: 'connection_error',
    });
    expect((await database.dataSource.manager.findBy(WebhookAttemptEntity, { deliveryId })).length).toBe(
      attempts,
    );
    expect(await metrics.registry.getSingleMetricAsString('webhook_deliveries_dead_total')).toMatch(
      /webhook_deliveries_dead_total\{service="webhook-dispatcher"\} 1/,
    );
    expect(await metrics.registry.getSingleMetricAsString('webhook_attempts_total')).toContain(
      `webhook_attempts_total{outcome="connection_error",service="webhook-dispatcher"} ${attempts}`,
    );
  });

  // A retry is found by the worker's poll, long after the event's consumer: still the same trace.
  it('attempts a delivery, its retries too, in the trace it was recorded in', async () => {
    const { deliveryId } = await endpointWithDelivery({}, `00-${TRACE_ID}-00f067aa0ba902b7-01`);
    sender.outcome = AttemptOutcome.CONNECTION_ERROR;
    const before = sender.traceIds.length;

    expect(await sut.execute(await claimOf(deliveryId))).toBe(DeliveryStatus.PENDING);
    clock.advanceBy((await stored(deliveryId)).nextAttemptAt!.getTime() - clock.now().getTime());
    sender.outcome = AttemptOutcome.DELIVERED;
    expect(await sut.execute(await claimOf(deliveryId))).toBe(DeliveryStatus.DELIVERED);

    expect(sender.traceIds.slice(before)).toEqual([TRACE_ID, TRACE_ID]);
    expect(await stored(deliveryId)).toMatchObject({ traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-01` });
  });
});
