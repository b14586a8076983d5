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

  it('refuses a `late` that is not a boolean, before anything else', async () => {
    const response = await http
      .post('/sandbox/transactions/00000000-0000-4000-8000-000000000000/deposit')
      .set('X-API-Key', apiKey)
      .send({ late: 'yes' })
      .expect(400);
    const reason = 'late must be a boolean value';
    expect(response.body).toEqual({ message: reason, code: 'invalid_request', reason, retryable: false });
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

  it('documents the route, its optional `late` and its refusals in /openapi.json', async () => {
    const { body } = await http.get('/openapi.json').expect(200);
    const document = body as {
      paths: Record<string, { post?: { requestBody?: object; responses: Record<string, unknown> } }>;
      components: { schemas: Record<string, { properties: Record<string, { type: string }> }> };
    };
    const operation = document.paths['/sandbox/transactions/{id}/deposit']?.post;
    expect(Object.keys(operation?.responses ?? {})).toEqual(
      expect.arrayContaining(['201', '400', '404', '409']),
    );
    expect(operation?.requestBody).toMatchObject({ required: false });
    expect(JSON.stringify(operation?.responses['409'])).toContain('quote_expired');
    expect(document.components.schemas['PaySandboxDepositRequestDto']?.properties['late']).toMatchObject({
      type: 'boolean',
      default: false,
    });
  });
});
