import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { RunningService } from '@platform/http';
import { InMemoryEventBus } from '@platform/messaging';
import { startTestDatabase, type TestDatabase } from '@platform/test-support';
import { TEST_OPS_API_KEY, startTestService, testGatewayEnv } from '@platform/testing';
import { apiGatewayDefinition } from '../src/api-gateway.definition.js';

// Nothing here is proxied: every upstream is a port nobody listens on.
const NOWHERE = 'http://127.0.0.1:9';
const UNKNOWN_PARTNER = '00000000-0000-4000-8000-000000000000';

// How many API keys a partner may hold (API_KEY_QUOTA_DEFAULT, 10, unless an operator sets its
// own), and the key lists in pages. Concurrent creations need real PostgreSQL (the embedded one
// runs one transaction at a time): key-quota-replicas.infra-spec.ts.
describe('api-gateway API key quotas and paged key lists', () => {
  let database: TestDatabase;
  const bus = new InMemoryEventBus();
  let gateway: RunningService;
  let http: ReturnType<typeof request>;

  beforeAll(async () => {
    database = await startTestDatabase();
    await bus.connect();
    gateway = await startTestService(apiGatewayDefinition, {
      databaseUrl: database.url,
      bus,
      env: testGatewayEnv({ quote: NOWHERE, transaction: NOWHERE, kyc: NOWHERE, webhooks: NOWHERE }),
    });
    http = request(gateway.app.getHttpServer());
  });

  afterAll(async () => {
    await gateway.close();
    await bus.disconnect();
    await database.drop();
  });

  const ops = {
    get: (path: string) => http.get(path).set('X-OPS-API-KEY', TEST_OPS_API_KEY),
    post: (path: string) => http.post(path).set('X-OPS-API-KEY', TEST_OPS_API_KEY),
    put: (path: string) => http.put(path).set('X-OPS-API-KEY', TEST_OPS_API_KEY).set('X-Operator', 'ana'),
  };
  const createPartner = async (name: string) =>
    (await ops.post('/ops/partners').send({ name }).expect(201)).body as {
      partnerId: string;
      apiKey: string;
      keyId: string;
    };
  const createOwnKey = (apiKey: string) => http.post('/partner/keys').set('X-API-Key', apiKey);
  const createOpsKey = (partnerId: string) => ops.post(`/ops/partners/${partnerId}/keys`);
  const refusal = (status: number, code: string, reason: string) => ({
    status,
    body: { message: reason, code, reason, retryable: false },
  });
  const quotaReached = (maxActiveKeys: number) =>
    refusal(
      409,
      'api_key_quota_reached',
      `The partner already has ${maxActiveKeys} active API keys, its quota: revoke one it no longer uses ` +
        '(DELETE /partner/keys/{keyId}) before creating another, or ask operations to raise the quota',
    );
  const answer = (response: request.Response) => ({ status: response.status, body: response.body });

  it('refuses the 11th active key on both routes until an operator raises the quota, then admits it', async () => {
    const partner = await createPartner('Quota Co');
    // Through the operators' route: a partner's own key writes are rate limited (10 a minute).
    for (let created = 1; created < 10; created += 1) await createOpsKey(partner.partnerId).expect(201);

    expect(answer(await createOwnKey(partner.apiKey))).toEqual(quotaReached(10));
    expect(answer(await createOpsKey(partner.partnerId))).toEqual(quotaReached(10));

    const raised = await ops.put(`/ops/partners/${partner.partnerId}/key-quota`).send({ maxActiveKeys: 11 });
    expect(answer(raised)).toEqual({
      status: 200,
      body: {
        id: partner.partnerId,
        name: 'Quota Co',
        createdAt: expect.any(String),
        activeKeys: 10,
        maxActiveKeys: 11,
        keyQuotaSource: 'operator',
      },
    });
    await createOwnKey(partner.apiKey).expect(201);
    expect(answer(await createOwnKey(partner.apiKey))).toEqual(quotaReached(11));
    // The partner reads its quota with its keys.
    const own = (await http.get('/partner/keys').set('X-API-Key', partner.apiKey).expect(200)).body;
    expect(own).toMatchObject({ total: 11, activeKeys: 11, maxActiveKeys: 11 });

    // Back to the default: the 11 keys keep working, and revoking two frees one place.
    await ops.put(`/ops/partners/${partner.partnerId}/key-quota`).send({ maxActiveKeys: null }).expect(200);
    expect(answer(await createOwnKey(partner.apiKey))).toEqual(quotaReached(10));
    await http.get('/partner').set('X-API-Key', partner.apiKey).expect(200);
    const { keys } = (await http.get('/partner/keys').set('X-API-Key', partner.apiKey).expect(200)).body as {
      keys: Array<{ keyId: string }>;
    };
    for (const { keyId } of keys.slice(0, 2)) {
      await http.delete(`/partner/keys/${keyId}`).set('X-API-Key', partner.apiKey).expect(204);
    }
    await createOwnKey(partner.apiKey).expect(201);

    const audit = (await ops.get('/ops/partners/audit').query({ pageSize: 100 }).expect(200)).body as {
      entries: Array<{ actor: string; action: string; partnerId: string; subject: string }>;
    };
    const quotaChanges = audit.entries.filter(
      ({ action, partnerId }) => action === 'set_key_quota' && partnerId === partner.partnerId,
    );
    expect(quotaChanges.map(({ actor, subject }) => ({ actor, subject }))).toEqual([
      { actor: 'ana', subject: '11 → 10 (default)' },
      { actor: 'ana', subject: '10 (default) → 11' },
    ]);
  });

  it('refuses a key quota for an unknown partner, an invalid one, or without the ops key', async () => {
    const partner = await createPartner('Strict Co');
    const path = `/ops/partners/${partner.partnerId}/key-quota`;
    const invalid = (reason: string) => refusal(400, 'invalid_request', reason);
    const outOfRange = invalid('maxActiveKeys must be an integer from 1 to 1000, or null for the default');

    expect(
      answer(await ops.put(`/ops/partners/${UNKNOWN_PARTNER}/key-quota`).send({ maxActiveKeys: 5 })),
    ).toEqual(refusal(404, 'partner_not_found', 'Partner not found'));
    for (const maxActiveKeys of [0, 1001, 2.5, '5', true]) {
      expect(answer(await ops.put(path).send({ maxActiveKeys }))).toEqual(outOfRange);
    }
    expect(answer(await ops.put(path).send({}))).toEqual(outOfRange);
    expect(answer(await ops.put(path).send({ maxActiveKeys: 5, reason: 'x' }))).toEqual(
      invalid('property reason should not exist'),
    );
    expect(answer(await ops.put('/ops/partners/not-a-uuid/key-quota').send({ maxActiveKeys: 5 }))).toEqual(
      invalid('Validation failed (uuid is expected)'),
    );
    expect(answer(await http.put(path).set('X-API-Key', partner.apiKey).send({ maxActiveKeys: 50 }))).toEqual(
      refusal(401, 'authentication_failed', 'Missing or invalid credentials'),
    );
    // Nothing above changed the quota.
    expect((await ops.get(`/ops/partners/${partner.partnerId}`).expect(200)).body).toMatchObject({
      maxActiveKeys: 10,
      keyQuotaSource: 'default',
    });
  });

  it('pages a partner’s keys newest first, on its own view and the operators’', async () => {
    const partner = await createPartner('Paging Co');
    const issued = [partner.keyId];
    for (let created = 1; created < 5; created += 1) {
      issued.push((await createOpsKey(partner.partnerId).expect(201)).body.keyId);
    }
    const ownPage = async (query: object) =>
      (await http.get('/partner/keys').set('X-API-Key', partner.apiKey).query(query).expect(200)).body;
    const idsOf = (page: { keys: Array<{ keyId: string }> }) => page.keys.map(({ keyId }) => keyId);
    // Newest first; keys made in the same millisecond in a fixed order of their own.
    const all = (await ownPage({ pageSize: 100 })) as { keys: Array<{ keyId: string; createdAt: string }> };
    const newestFirst = idsOf(all);
    expect([...newestFirst].sort()).toEqual([...issued].sort());
    const times = all.keys.map(({ createdAt }) => createdAt);
    expect(times).toEqual([...times].sort().reverse());

    const first = await ownPage({ pageSize: 2 });
    expect(first).toEqual({
      page: 1,
      pageSize: 2,
      total: 5,
      activeKeys: 5,
      maxActiveKeys: 10,
      keys: newestFirst.slice(0, 2).map((keyId) => ({
        keyId,
        displayPrefix: expect.stringMatching(/^pk_/),
        createdAt: expect.any(String),
        revokedAt: null,
        name: null,
        // Uses are recorded a minute at a time: none written yet.
        lastUsedAt: null,
      })),
    });
    expect(idsOf(await ownPage({ page: 2, pageSize: 2 }))).toEqual(newestFirst.slice(2, 4));
    expect(idsOf(await ownPage({ page: 3, pageSize: 2 }))).toEqual(newestFirst.slice(4));
    expect(await ownPage({ page: 4, pageSize: 2 })).toEqual({
      page: 4,
      pageSize: 2,
      total: 5,
      activeKeys: 5,
      maxActiveKeys: 10,
      keys: [],
    });
    expect(await ownPage({})).toMatchObject({ page: 1, pageSize: 20, total: 5 });

    const opsPage = (
      await ops.get(`/ops/partners/${partner.partnerId}/keys`).query({ page: 2, pageSize: 3 }).expect(200)
    ).body;
    expect(opsPage).toMatchObject({ page: 2, pageSize: 3, total: 5 });
    expect(idsOf(opsPage)).toEqual(newestFirst.slice(3));
    expect((await ops.get(`/ops/partners/${UNKNOWN_PARTNER}/keys`).expect(200)).body).toEqual({
      page: 1,
      pageSize: 20,
      total: 0,
      activeKeys: 0,
      maxActiveKeys: 10,
      keys: [],
    });

    const sizeReason = 'pageSize must be an integer from 1 to 100';
    for (const pageSize of [0, 101, 'x']) {
      const own = await http.get('/partner/keys').set('X-API-Key', partner.apiKey).query({ pageSize });
      expect(answer(own)).toEqual(refusal(400, 'invalid_request', sizeReason));
      const operators = await ops.get(`/ops/partners/${partner.partnerId}/keys`).query({ pageSize });
      expect(answer(operators)).toEqual(refusal(400, 'invalid_request', sizeReason));
    }
    const pageReason = 'page must be an integer from 1 to 999999999';
    expect(
      answer(await http.get('/partner/keys').set('X-API-Key', partner.apiKey).query({ page: 0 })),
    ).toEqual(refusal(400, 'invalid_request', pageReason));
  });
});
