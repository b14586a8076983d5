import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { RunningService } from '@platform/http';
import { InMemoryEventBus } from '@platform/messaging';
import { startTestDatabase, type TestDatabase } from '@platform/test-support';
import { TEST_OPS_API_KEY, startTestService, testGatewayEnv } from '@platform/testing';
import { apiGatewayDefinition } from '../src/api-gateway.definition.js';
import { ApiKeyUsageRecorder } from '../src/partners/api-key-usage.recorder.js';

// Nothing here is proxied: every upstream is a port nobody listens on.
const NOWHERE = 'http://127.0.0.1:9';

// Operators' partner administration: the partner list, and the audit log of every change to
// partners and keys (who, what, when).
describe('api-gateway operator partners and their audit log', () => {
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

  const ops = (operator?: string) => ({
    get: (path: string) => withOperator(http.get(path), operator),
    post: (path: string) => withOperator(http.post(path), operator),
    delete: (path: string) => withOperator(http.delete(path), operator),
  });
  const withOperator = (call: request.Test, operator: string | undefined) => {
    const authenticated = call.set('X-OPS-API-KEY', TEST_OPS_API_KEY);
    return operator ? authenticated.set('X-Operator', operator) : authenticated;
  };
  const invalid = (reason: string) => ({
    message: reason,
    code: 'invalid_request',
    reason,
    retryable: false,
  });

  // A partner as the operators' list and page show it: its key quota is the default unless set.
  const summary = (id: string, name: string) => ({
    id,
    name,
    createdAt: expect.any(String),
    activeKeys: 1,
    maxActiveKeys: 10,
    keyQuotaSource: 'default',
  });

  it('lists partners newest first with their active key counts, and audits who created, issued and revoked', async () => {
    const first = (await ops('ana').post('/ops/partners').send({ name: 'First Co' }).expect(201)).body;
    const second = (await ops().post('/ops/partners').send({ name: 'Second Co' }).expect(201)).body;
    const extra = (await ops('ana').post(`/ops/partners/${first.partnerId}/keys`).expect(201)).body;
    await ops('bo').delete(`/ops/partners/${first.partnerId}/keys/${first.keyId}`).expect(204);
    // Again: nothing changes, so nothing more is audited.
    await ops('bo').delete(`/ops/partners/${first.partnerId}/keys/${first.keyId}`).expect(204);
    // A partner rotating its own key is audited too, under "partner".
    const own = (await http.post('/partner/keys').set('X-API-Key', second.apiKey).expect(201)).body;

    const list = await ops().get('/ops/partners').query({ pageSize: 2 }).expect(200);
    expect(list.body).toEqual({
      page: 1,
      pageSize: 2,
      total: 2,
      partners: [
        { ...summary(second.partnerId, 'Second Co'), activeKeys: 2 },
        { ...summary(first.partnerId, 'First Co'), activeKeys: 1 },
      ],
    });

    const audit = await ops().get('/ops/partners/audit').expect(200);
    const names = new Map([
      [first.partnerId, 'First Co'],
      [second.partnerId, 'Second Co'],
    ]);
    const entry = (actor: string, action: string, partnerId: string, subject: string) => ({
      id: expect.any(String),
      actor,
      action,
      partnerId,
      partnerName: names.get(partnerId),
      subject,
      occurredAt: expect.any(String),
    });
    expect(audit.body).toEqual({
      page: 1,
      pageSize: 20,
      total: 7,
      entries: [
        entry('partner', 'issue_key', second.partnerId, own.displayPrefix),
        entry('bo', 'revoke_key', first.partnerId, first.displayPrefix),
        entry('ana', 'issue_key', first.partnerId, extra.displayPrefix),
        entry('ops', 'issue_key', second.partnerId, second.displayPrefix),
        entry('ops', 'create_partner', second.partnerId, 'Second Co'),
        entry('ana', 'issue_key', first.partnerId, first.displayPrefix),
        entry('ana', 'create_partner', first.partnerId, 'First Co'),
      ],
    });
  });

  it('answers one partner with its active key count, and partner_not_found for an unknown one', async () => {
    const created = (await ops().post('/ops/partners').send({ name: 'Single Co' }).expect(201)).body;
    expect((await ops().get(`/ops/partners/${created.partnerId}`).expect(200)).body).toEqual(
      summary(created.partnerId, 'Single Co'),
    );
    const unknown = await ops().get('/ops/partners/00000000-0000-4000-8000-000000000000').expect(404);
    expect(unknown.body).toEqual({
      message: 'Partner not found',
      code: 'partner_not_found',
      reason: 'Partner not found',
      retryable: false,
    });
    expect((await ops().get('/ops/partners/not-a-uuid').expect(400)).body).toEqual(
      invalid('Validation failed (uuid is expected)'),
    );
  });

  it('lists only the partners named by ids, whatever their case, for the logs that record ids', async () => {
    const first = (await ops().post('/ops/partners').send({ name: 'Named One' }).expect(201)).body;
    const second = (await ops().post('/ops/partners').send({ name: 'Named Two' }).expect(201)).body;
    const unknown = '00000000-0000-4000-8000-000000000000';

    const listed = await ops()
      .get('/ops/partners')
      .query({ ids: [first.partnerId.toUpperCase(), second.partnerId, unknown].join(',') })
      .expect(200);

    expect(listed.body).toEqual({
      page: 1,
      pageSize: 20,
      total: 2,
      partners: [summary(second.partnerId, 'Named Two'), summary(first.partnerId, 'Named One')],
    });
  });

  it.each([
    ['not-a-uuid'],
    [`${'0f8f7e5b-3c2a-4d1e-9f00-0000000000aa,'.repeat(100)}0f8f7e5b-3c2a-4d1e-9f00-0000000000aa`],
    [''],
  ])('refuses ids %# that are not up to 100 partner ids', async (ids) => {
    expect((await ops().get('/ops/partners').query({ ids }).expect(400)).body).toEqual(
      invalid('ids must be at most 100 partner ids (UUIDs) separated by commas'),
    );
  });

  it('refuses a page or page size out of range with the reason', async () => {
    const reason = 'pageSize must be an integer from 1 to 100';
    expect((await ops().get('/ops/partners').query({ pageSize: 101 }).expect(400)).body).toEqual(
      invalid(reason),
    );
    expect((await ops().get('/ops/partners/audit').query({ pageSize: 'x' }).expect(400)).body).toEqual(
      invalid(reason),
    );
    expect((await ops().get('/ops/partners').query({ page: 1_000_000_000 }).expect(400)).body).toEqual(
      invalid('page must be an integer from 1 to 999999999'),
    );
  });

  it('names keys at creation and lists their name and last use, recorded in batches', async () => {
    const created = (await ops().post('/ops/partners').send({ name: 'Named Keys Co' }).expect(201)).body;
    const own = (
      await http
        .post('/partner/keys')
        .set('X-API-Key', created.apiKey)
        .send({ name: 'production server' })
        .expect(201)
    ).body;
    const byOps = (
      await ops().post(`/ops/partners/${created.partnerId}/keys`).send({ name: 'Backup 🔑' }).expect(201)
    ).body;
    await http.get('/partner/keys').set('X-API-Key', own.apiKey).expect(200);
    // Uses are buffered and written at most once a minute; the test writes them now.
    await gateway.app.get(ApiKeyUsageRecorder).flush();

    const { keys } = (await ops().get(`/ops/partners/${created.partnerId}/keys`).expect(200)).body;
    const view = (key: { keyId: string }) => keys.find(({ keyId }: { keyId: string }) => keyId === key.keyId);
    expect(view(own)).toMatchObject({ name: 'production server', lastUsedAt: expect.any(String) });
    expect(Date.now() - Date.parse(view(own).lastUsedAt)).toBeLessThan(60_000);
    expect(view(byOps)).toMatchObject({ name: 'Backup 🔑', lastUsedAt: null });
    // The partner's first key has no name; it was used to create the second.
    expect(view(created)).toMatchObject({ name: null, lastUsedAt: expect.any(String) });
    const partnerView = (await http.get('/partner/keys').set('X-API-Key', own.apiKey).expect(200)).body.keys;
    expect(partnerView.map(({ name }: { name: string | null }) => name).sort()).toEqual(
      ['Backup 🔑', 'production server', null].sort(),
    );
  });

  it('documents the key name as an optional body of both key creations', async () => {
    const { paths } = (await http.get('/openapi.json').expect(200)).body;
    for (const path of ['/partner/keys', '/ops/partners/{partnerId}/keys']) {
      expect(paths[path].post.requestBody).toMatchObject({
        required: false,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/CreateApiKeyRequestDto' } } },
      });
    }
  });

  it.each([
    [{ name: 42 }, 'name must be a string'],
    [{ name: '' }, 'name must hold visible text and no control characters'],
    [{ name: '   ' }, 'name must hold visible text and no control characters'],
    [{ name: 'two\nlines' }, 'name must hold visible text and no control characters'],
    [{ name: 'k'.repeat(65) }, 'name must be at most 64 characters'],
  ])('refuses the key name of %j', async (body, reason) => {
    const created = (await ops().post('/ops/partners').send({ name: 'Bad Names Co' }).expect(201)).body;
    expect((await ops().post(`/ops/partners/${created.partnerId}/keys`).send(body).expect(400)).body).toEqual(
      invalid(reason),
    );
    expect(
      (await http.post('/partner/keys').set('X-API-Key', created.apiKey).send(body).expect(400)).body,
    ).toEqual(invalid(reason));
  });

  it('refuses the reads without the ops key', async () => {
    const keys = '/ops/partners/00000000-0000-4000-8000-000000000000/keys';
    for (const path of ['/ops/partners', '/ops/partners/audit', keys]) {
      const response = await http.get(path).expect(401);
      expect(response.body).toEqual({
        message: 'Missing or invalid credentials',
        code: 'authentication_failed',
        reason: 'Missing or invalid credentials',
        retryable: false,
      });
    }
  });
});
