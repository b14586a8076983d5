import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import type { RunningService } from '@platform/http';
import { InMemoryEventBus } from '@platform/messaging';
import { startTestDatabase, type TestDatabase } from '@platform/test-support';
import { TEST_OPS_API_KEY, startTestService, testGatewayEnv } from '@platform/testing';
import { apiGatewayDefinition } from '../src/api-gateway.definition.js';

const LIMIT = 300;
// The load: 2,000 quotes in 10 s from one key, i.e. one every 5 ms.
const SENT = 600;
const PACE_MS = 5;

function startUpstream(): Promise<Server> {
  const server = createServer((incoming, outgoing) => {
    incoming.resume();
    incoming.on('end', () => {
      outgoing.writeHead(200, { 'content-type': 'application/json' });
      outgoing.end('{"ok":true}');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// Two gateway replicas on one real PostgreSQL database, as behind one load balancer: a partner's
// quotes alternate between them, and together they admit the limit within ±20%.
describe('rate limits across two gateway replicas', () => {
  let database: TestDatabase;
  const buses = [new InMemoryEventBus(), new InMemoryEventBus()];
  let upstream: Server;
  let replicas: RunningService[] = [];

  beforeAll(async () => {
    if (!process.env['TEST_DATABASE_URL']) {
      throw new Error('TEST_DATABASE_URL is not set: eval "$(bash tools/infra/infra.sh env)"');
    }
    database = await startTestDatabase();
    upstream = await startUpstream();
    const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const env = testGatewayEnv(
      { quote: url, transaction: url, kyc: url, webhooks: url },
      // A day-long window, so the run never straddles two.
      { RATE_LIMIT_DEFAULTS: `quotes=${LIMIT}/86400` },
    );
    for (const bus of buses) await bus.connect();
    replicas = [];
    for (const bus of buses)
      replicas.push(await startTestService(apiGatewayDefinition, { databaseUrl: database.url, bus, env }));
  });

  afterAll(async () => {
    for (const replica of replicas) await replica.close();
    await new Promise((resolve) => upstream.close(resolve));
    for (const bus of buses) await bus.disconnect();
    await database.drop();
  });

  it(`admits ${LIMIT} quotes of one partner within ±20% when they alternate between the replicas`, async () => {
    const [first, second] = replicas.map((replica) => request(replica.app.getHttpServer()));
    const partner = (
      await first!.post('/ops/partners').set('X-OPS-API-KEY', TEST_OPS_API_KEY).send({ name: 'Two replicas' })
    ).body as { apiKey: string };

    const answers: Array<Promise<{ status: number; replica: number }>> = [];
    for (let index = 0; index < SENT; index += 1) {
      const replica = index % 2;
      answers.push(
        (replica === 0 ? first! : second!)
          .post('/quote')
          .set('X-API-Key', partner.apiKey)
          .send({ amount: 10 })
          .then((response) => ({ status: response.status, replica })),
      );
      await sleep(PACE_MS);
    }
    const settled = await Promise.all(answers);
    const admitted = settled.filter((answer) => answer.status === 200);

    expect(settled.every((answer) => answer.status === 200 || answer.status === 429)).toBe(true);
    expect(admitted.length).toBeGreaterThanOrEqual(LIMIT * 0.8);
    expect(admitted.length).toBeLessThanOrEqual(LIMIT * 1.2);
    // Both replicas admitted their share: the limit is one budget, not one per replica.
    for (const replica of [0, 1])
      expect(admitted.filter((answer) => answer.replica === replica).length).toBeGreaterThan(LIMIT * 0.3);
  });
});
