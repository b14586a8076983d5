import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { RunningService } from '@platform/http';
import { InMemoryEventBus } from '@platform/messaging';
import { startTestDatabase, type TestDatabase } from '@platform/test-support';
import { TEST_OPS_API_KEY, startTestService, testGatewayEnv } from '@platform/testing';
import { apiGatewayDefinition } from '../src/api-gateway.definition.js';

// Where the chains are real (no SANDBOX_CONTROL_URL, as in production) the sandbox route is
// absent; the sandbox side (paying, tenant scoping, states) is tested on the standalone system
// by tools/console/test/console.e2e-spec.ts.
describe('api-gateway sandbox payments without a sandbox', () => {
  let database: TestDatabase;
  const bus = new InMemoryEventBus();
  let gateway: RunningService;
  let http: ReturnType<typeof request>;
  let apiKey: string;

  beforeAll(async () => {
    database = await startTestDatabase();
    await bus.connect();
    // No upstream is asked: the route refuses before it reads the transaction.
    gateway = await startTestService(apiGatewayDefinition, {
      databaseUrl: database.url,
      bus,
      env: testGatewayEnv({ quote: 'http://127.0.0.1:9' }),
    });
    http = request(gateway.app.getHttpServer());
    ({ apiKey } = (
      await http
        .post('/ops/partners')
        .set('X-OPS-API-KEY', TEST_OPS_API_KEY)
        .send({ name: 'Real Co' })
        .expect(201)
    ).body as { apiKey: string });
  });

  afterAll(async () => {
    await gateway.close();
    await bus.disconnect();
    await database.drop();
  });

  it('tells the console the chains are real', async () => {
    const response = await http.get('/sandbox').set('X-API-Key', apiKey).expect(200);
    expect(response.body).toEqual({ simulatedChains: false });
  });

  it('answers the deposit route 404 with the reason', async () => {
    const response = await http
      .post('/sandbox/transactions/00000000-0000-4000-8000-000000000000/deposit')
      .set('X-API-Key', apiKey)
      .expect(404);
    const reason = 'Sandbox payments are not available here: the chains are real';
    expect(response.body).toEqual({ message: reason, code: 'sandbox_unavailable', reason, retryable: false });
  });

  it('refuses a caller without a key', async () => {
    const response = await http.post('/sandbox/transactions/any/deposit').expect(401);
    const reason = 'Missing or invalid credentials';
    expect(response.body).toEqual({
      message: reason,
      code: 'authentication_failed',
      reason,
      retryable: false,
    });
  });

  it('documents the route and its 404 in /openapi.json', async () => {
    const { body } = await http.get('/openapi.json').expect(200);
    const operation = (body as { paths: Record<string, { post?: { responses: Record<string, unknown> } }> })
      .paths['/sandbox/transactions/{id}/deposit']?.post;
    expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['201', '404', '409']));
  });
});
