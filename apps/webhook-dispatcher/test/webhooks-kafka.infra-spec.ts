import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac, randomUUID } from 'node:crypto';
import request from 'supertest';
import { InternalTokenService, type RunningService } from '@platform/http';
import { createLogger } from '@platform/logging';
import type { KafkaEventBus } from '@platform/messaging';
import { expectEventually, kafkaBrokers, startTestDatabase, type TestDatabase } from '@platform/test-support';
import {
  RunScopedBus,
  TEST_INTERNAL_AUTH_SECRET,
  runScopedKafkaBus,
  startTestService,
} from '@platform/testing';
import { INTERNAL_IDENTITY_HEADER } from '@shared/contracts';
import { webhookDispatcherDefinition } from '../src/webhook-dispatcher.definition.js';
import { transactionEvent } from './transaction-events.js';
import { WebhookReceiver, type ReceivedWebhook } from './webhook-receiver.js';
import { TEST_WEBHOOK_ENV } from './webhook-test-env.js';

interface TransactionBody {
  readonly type: string;
  readonly data: { readonly id: string; readonly sequence: number };
}

describe('webhook-dispatcher on Kafka and PostgreSQL', () => {
  const run = randomUUID().slice(0, 8);
  const logger = createLogger({ service: 'webhooks-infra-test', level: 'silent' });
  const partnerId = randomUUID();
  let database: TestDatabase;
  let publisher: KafkaEventBus;
  const buses: KafkaEventBus[] = [];
  const replicas: RunningService[] = [];
  let receiver: WebhookReceiver;
  let secret: string;

  beforeAll(async () => {
    const brokers = kafkaBrokers();
    if (!brokers) throw new Error('KAFKA_BROKERS is not set: eval "$(bash tools/infra/infra.sh env)"');
    database = await startTestDatabase();
    if (database.kind !== 'postgres')
      throw new Error('TEST_DATABASE_URL is not set: the infra suite needs PostgreSQL');
    receiver = await WebhookReceiver.start();
    publisher = runScopedKafkaBus({ clientId: 'webhooks-test-publisher', run, logger });
    await publisher.connect();
    // Two replicas sharing the database and the consumer group, as in a deployment.
    for (const replica of [1, 2]) {
      const kafka = runScopedKafkaBus({ clientId: `webhooks-test-${replica}`, run, logger });
      await kafka.connect();
      buses.push(kafka);
      replicas.push(
        await startTestService(webhookDispatcherDefinition, {
          databaseUrl: database.url,
          // Committed offsets: a partition that moves to the other replica in a rebalance (a loaded
          // machine misses heartbeats) resumes where it was, not at the latest event.
          bus: new RunScopedBus(kafka, run, 'earliest'),
          env: { ...TEST_WEBHOOK_ENV, DATABASE_POOL_SIZE: '6' },
        }),
      );
    }
    const token = await new InternalTokenService(TEST_INTERNAL_AUTH_SECRET).sign({
      kind: 'partner',
      partnerId,
      scheme: 'api_key',
      walletUser: null,
    });
    const registered = await request(replicas[0]!.app.getHttpServer())
      .put('/webhooks/endpoint')
      .set(INTERNAL_IDENTITY_HEADER, token)
      .send({ url: receiver.url })
      .expect(201);
    secret = registered.body.secret;
  }, 120_000);

  afterAll(async () => {
    for (const replica of replicas) await replica.close();
    for (const bus of buses) await bus.disconnect();
    await publisher?.disconnect();
    await receiver?.close();
    await database?.drop();
  });

  // What a careful receiver does: verify the signature, then act once per Webhook-Id.
  function processedOnce(webhooks: readonly ReceivedWebhook[]): TransactionBody[] {
    const seen = new Set<string>();
    const processed: TransactionBody[] = [];
    for (const webhook of webhooks) {
      const id = String(webhook.headers['webhook-id']);
      const content = `${id}.${webhook.headers['webhook-timestamp']}.${webhook.body}`;
      const expected = createHmac('sha256', Buffer.from(secret.slice(6), 'base64'))
        .update(content)
        .digest('base64');
      expect(webhook.headers['webhook-signature']).toBe(`v1,${expected}`);
      expect(webhook.headers['x-service-webhook-secret']).toBe(secret);
      if (seen.has(id)) continue;
      seen.add(id);
      processed.push(JSON.parse(webhook.body) as TransactionBody);
    }
    return processed;
  }

  function sequencesByTransaction(bodies: readonly TransactionBody[], transactions: readonly string[]) {
    return transactions.map((id) =>
      bodies.filter((body) => body.data.id === id).map((body) => body.data.sequence),
    );
  }

  async function publishTransactions(count: number): Promise<string[]> {
    const transactions = Array.from({ length: count }, () => randomUUID());
    // Interleaved, as concurrent transactions happen; each transaction's events keep their order.
    for (const sequence of [1, 2, 3]) {
      await publisher.publish(transactions.map((id) => transactionEvent(partnerId, id, sequence)));
    }
    return transactions;
  }

  it('turns events published on the bus into signed deliveries, in order per transaction', async () => {
    const from = receiver.received.length;
    const transactions = await publishTransactions(2);

    await expectEventually(() => expect(receiver.received.length - from).toBeGreaterThanOrEqual(6), {
      timeoutMs: 60_000,
    });
    const processed = processedOnce(receiver.received.slice(from));
    expect(processed).toHaveLength(6);
    expect(sequencesByTransaction(processed, transactions)).toEqual([
      [1, 2, 3],
      [1, 2, 3],
    ]);
    expect(processed.filter((body) => body.type === 'transaction.created')).toHaveLength(2);
  }, 90_000);

  it('receiver down for a while, then up: every event delivered, once per id, in order per transaction', async () => {
    receiver.down = true;
    const from = receiver.received.length;
    const transactions = await publishTransactions(3);

    // Each transaction's first event is tried (and retried) while its successors wait their turn.
    await expectEventually(() => expect(receiver.dropped).toBeGreaterThanOrEqual(6), { timeoutMs: 60_000 });
    receiver.down = false;

    await expectEventually(
      () => expect(new Set(receiver.received.slice(from).map((w) => w.headers['webhook-id'])).size).toBe(9),
      {
        timeoutMs: 60_000,
      },
    );
    const processed = processedOnce(receiver.received.slice(from));
    expect(processed).toHaveLength(9);
    expect(sequencesByTransaction(processed, transactions)).toEqual([
      [1, 2, 3],
      [1, 2, 3],
      [1, 2, 3],
    ]);
  }, 150_000);
});
