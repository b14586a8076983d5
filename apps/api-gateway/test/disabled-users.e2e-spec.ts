import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { RunningService } from '@platform/http';
import { InMemoryEventBus } from '@platform/messaging';
import { startTestDatabase, type TestDatabase } from '@platform/test-support';
import { TEST_OPS_API_KEY, startTestService, testGatewayEnv } from '@platform/testing';
import { apiGatewayDefinition } from '../src/api-gateway.definition.js';
import { WalletTokenService } from '../src/wallet-auth/wallet-token.service.js';

const USER_DISABLED = {
  message: 'This user has been disabled by operations: its quotes, transactions and KYC are refused',
  code: 'user_disabled',
  reason: 'This user has been disabled by operations: its quotes, transactions and KYC are refused',
  retryable: false,
};

// Every upstream: answers what reached it, so a forwarded body can be checked byte for byte.
function startEchoUpstream(): Promise<Server> {
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      outgoing.writeHead(200, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify({ path: incoming.url, body: Buffer.concat(chunks).toString('utf8') }));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// Operations disable a partner's end user: its quotes (wallet session), accepts and KYC
// submissions are refused at the gateway with 403 user_disabled; enabled again, they pass.
describe('api-gateway disabled users', () => {
  let database: TestDatabase;
  const bus = new InMemoryEventBus();
  let upstream: Server;
  let gateway: RunningService;
  let http: ReturnType<typeof request>;
  let partner: { partnerId: string; apiKey: string };

  beforeAll(async () => {
    database = await startTestDatabase();
    await bus.connect();
    upstream = await startEchoUpstream();
    const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    gateway = await startTestService(apiGatewayDefinition, {
      databaseUrl: database.url,
      bus,
      env: testGatewayEnv(
        { quote: url, transaction: url, kyc: url, webhooks: url },
        { WALLET_JWT_SECRET: 'wallet-jwt-secret-for-end-to-end-suites-0123' },
      ),
    });
    http = request(gateway.app.getHttpServer());
    partner = (await ops(http.post('/ops/partners')).send({ name: 'Users Co' }).expect(201)).body;
  });

  afterAll(async () => {
    await gateway.close();
    await new Promise((resolve) => upstream.close(resolve));
    await bus.disconnect();
    await database.drop();
  });

  const ops = (call: request.Test) => call.set('X-OPS-API-KEY', TEST_OPS_API_KEY).set('X-Operator', 'ana');
  const usersOf = (partnerId: string) => `/ops/partners/${partnerId}/users`;
  const walletToken = (address: string) =>
    gateway.app
      .get(WalletTokenService)
      .signAccess(
        { partnerId: partner.partnerId, address, chainFamily: 'stellar', chainId: 'stellar:pubnet' },
        new Date(),
      );
  const accept = (userId: string) =>
    http.post('/transaction').set('X-API-Key', partner.apiKey).send({ quote_id: 'q-1', user_id: userId });
  const submitKyc = (userId: string) =>
    http
      .post('/kyc')
      .set('X-API-Key', partner.apiKey)
      .field('fullName', 'Ana')
      .attach('document', Buffer.from('name="userId"\r\n\r\nsomeone-else'), 'id.pdf')
      .field('userId', userId);

  it('refuses a disabled user its accepts, KYC submissions and wallet quotes, and lets others through', async () => {
    const disabled = await ops(http.post(`${usersOf(partner.partnerId)}/blocked-1/disable`)).expect(200);
    expect(disabled.body).toEqual({ partnerId: partner.partnerId, userId: 'blocked-1', disabled: true });

    expect((await accept('blocked-1').expect(403)).body).toEqual(USER_DISABLED);
    expect((await submitKyc('blocked-1').expect(403)).body).toEqual(USER_DISABLED);
    const blockedToken = await walletToken('blocked-1');
    const quote = await http
      .post('/quote')
      .set('Authorization', `Bearer ${blockedToken}`)
      .send({ amount: 10 });
    expect(quote.status).toBe(403);
    expect(quote.body).toEqual(USER_DISABLED);

    // Another user of the partner, and an API-key quote (which names no user), pass with their body intact.
    const passed = await accept('user-2').expect(200);
    expect(passed.body).toEqual({
      path: '/transaction',
      body: JSON.stringify({ quote_id: 'q-1', user_id: 'user-2' }),
    });
    expect((await submitKyc('user-2').expect(200)).body.body).toContain('user-2');
    await http.post('/quote').set('X-API-Key', partner.apiKey).send({ amount: 10 }).expect(200);
  });

  it('enables the user again, lists who is disabled and audits each change once', async () => {
    await ops(http.post(`${usersOf(partner.partnerId)}/again-1/disable`)).expect(200);
    await ops(http.post(`${usersOf(partner.partnerId)}/again-1/disable`)).expect(200);
    const list = await ops(http.get(`${usersOf(partner.partnerId)}/disabled`)).expect(200);
    expect(list.body).toMatchObject({ page: 1, pageSize: 20, total: list.body.users.length });
    expect(list.body.users).toContainEqual({ userId: 'again-1', disabledAt: expect.any(String) });
    const firstOnly = await ops(http.get(`${usersOf(partner.partnerId)}/disabled`).query({ pageSize: 1 }));
    expect(firstOnly.body).toEqual({
      page: 1,
      pageSize: 1,
      total: list.body.total,
      users: [list.body.users[0]],
    });
    const tooBig = await ops(http.get(`${usersOf(partner.partnerId)}/disabled`).query({ pageSize: 101 }));
    expect({ status: tooBig.status, body: tooBig.body }).toEqual({
      status: 400,
      body: {
        message: 'pageSize must be an integer from 1 to 100',
        code: 'invalid_request',
        reason: 'pageSize must be an integer from 1 to 100',
        retryable: false,
      },
    });

    const enabled = await ops(http.post(`${usersOf(partner.partnerId)}/again-1/enable`)).expect(200);
    expect(enabled.body).toEqual({ partnerId: partner.partnerId, userId: 'again-1', disabled: false });
    await accept('again-1').expect(200);

    const audit = await ops(http.get('/ops/partners/audit')).expect(200);
    const changes = (audit.body.entries as Array<{ action: string; subject: string }>)
      .filter((entry) => entry.subject === 'again-1')
      .map((entry) => [entry.action, entry]);
    expect(changes).toEqual([
      ['enable_user', expect.objectContaining({ actor: 'ana', partnerId: partner.partnerId })],
      ['disable_user', expect.objectContaining({ actor: 'ana', partnerId: partner.partnerId })],
    ]);
  });

  it('answers 404 partner_not_found for an unknown partner and 400 for a user id too long', async () => {
    const unknown = await ops(
      http.post(`${usersOf('00000000-0000-4000-8000-000000000000')}/u/disable`),
    ).expect(404);
    expect(unknown.body).toEqual({
      message: 'Partner not found',
      code: 'partner_not_found',
      reason: 'Partner not found',
      retryable: false,
    });
    const tooLong = await ops(http.post(`${usersOf(partner.partnerId)}/${'u'.repeat(129)}/disable`)).expect(
      400,
    );
    expect(tooLong.body).toEqual({
      message: 'userId must be 1 to 128 characters',
      code: 'invalid_request',
      reason: 'userId must be 1 to 128 characters',
      retryable: false,
    });
  });
});
