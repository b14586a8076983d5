import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { RunningService } from '@platform/http';
import { InMemoryEventBus } from '@platform/messaging';
import { startTestDatabase, type TestDatabase } from '@platform/test-support';
import { TEST_OPS_API_KEY, startTestService, testGatewayEnv } from '@platform/testing';
import { apiGatewayDefinition } from '../src/api-gateway.definition.js';

// Nothing here is proxied: every upstream is a port nobody listens on.
const NOWHERE = 'http://127.0.0.1:9';

// The key quota on real PostgreSQL with two gateway replicas: concurrent creations at a partner's
// last free place, spread over both, admit exactly one.
describe('API key quota across two gateway replicas', () => {
  let database: TestDatabase;
  const buses = [new InMemoryEventBus(), new InMemoryEventBus()];
  let replicas: RunningService[];
  let http: Array<ReturnType<typeof request>>;

  beforeAll(async () => {
    if (!process.env['TEST_DATABASE_URL']) {
      throw new Error('TEST_DATABASE_URL is not set: eval "$(bash tools/infra/infra.sh env)"');
    }
    database = await startTestDatabase();
    const env = testGatewayEnv({ quote: NOWHERE, transaction: NOWHERE, kyc: NOWHERE, webhooks: NOWHERE });
    replicas = [];
    for (const bus of buses) {
      await bus.connect();
      replicas.push(await startTestService(apiGatewayDefinition, { databaseUrl: database.url, bus, env }));
    }
    http = replicas.map((replica) => request(replica.app.getHttpServer()));
  });

  afterAll(async () => {
    for (const replica of replicas ?? []) await replica.close();
    for (const bus of buses) await bus.disconnect();
    await database?.drop();
  });

  const asOps = (call: request.Test) => call.set('X-OPS-API-KEY', TEST_OPS_API_KEY);

  it('admits exactly one of 20 concurrent creations at the last free place, on either route', async () => {
    const partner = (await asOps(http[0]!.post('/ops/partners')).send({ name: 'Racing Co' }).expect(201))
      .body;
    await asOps(http[1]!.put(`/ops/partners/${partner.partnerId}/key-quota`))
      .send({ maxActiveKeys: 3 })
      .expect(200);
    await http[0]!.post('/partner/keys').set('X-API-Key', partner.apiKey).expect(201);

    const racing = await Promise.all(
      Array.from({ length: 20 }, (_, index) => {
        const replica = http[index % 2]!;
        // Eight on the partner's own route: with the one before, under its key writes' rate limit.
        return index % 5 < 2
          ? replica.post('/partner/keys').set('X-API-Key', partner.apiKey)
          : asOps(replica.post(`/ops/partners/${partner.partnerId}/keys`));
      }),
    );

    const reason =
      'The partner already has 3 active API keys, its quota: revoke one it no longer uses ' +
      '(DELETE /partner/keys/{keyId}) before creating another, or ask operations to raise the quota';
    expect(racing.filter(({ status }) => status === 201)).toHaveLength(1);
    for (const refused of racing.filter(({ status }) => status !== 201)) {
      expect({ status: refused.status, body: refused.body }).toEqual({
        status: 409,
        body: { message: reason, code: 'api_key_quota_reached', reason, retryable: false },
      });
    }
    const summary = (await asOps(http[1]!.get(`/ops/partners/${partner.partnerId}`)).expect(200)).body;
    expect(summary).toMatchObject({ activeKeys: 3, maxActiveKeys: 3 });
  });
});
