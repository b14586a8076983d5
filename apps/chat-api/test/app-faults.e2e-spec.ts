import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { apiGatewayDefinition } from '@apps/api-gateway';
import type { RunningService } from '@platform/http';
import { InMemoryEventBus } from '@platform/messaging';
import {
  expectEventually,
  startTcpProxy,
  startTestDatabase,
  type TcpProxy,
  type TestDatabase,
} from '@platform/test-support';
import { TEST_OPS_API_KEY, startTestService, testGatewayEnv } from '@platform/testing';
import { chatApiDefinition } from '../src/chat-api.definition.js';
import { CreateRealmUseCase } from '../src/realms/create-realm.use-case.js';

const HEARTBEAT_MS = 2_000;

// The gateway and chat-api reach their database through a relay the test cuts: while it is cut
// every answer that needs the database is 503 with Retry-After in the surface's own shape, never
// 500, and once it is back the apps serve again without a restart. Then chat-api is stopped with
// a long poll in flight, which it answers before it goes.
describe('an app under faults: its database goes away, it is stopped mid-request', () => {
  const bus = new InMemoryEventBus();
  let database: TestDatabase;
  let proxy: TcpProxy;
  let chatApi: RunningService;
  let gateway: RunningService;
  let owner: { email: string; apiKey: string };
  let partnerId: string;
  let chatApiStopped = false;

  beforeAll(async () => {
    database = await startTestDatabase();
    proxy = await startTcpProxy(database.url);
    await bus.connect();
    chatApi = await startTestService(chatApiDefinition, {
      databaseUrl: proxy.url,
      bus,
      env: {
        CHAT_SECRET_KEY: 'chat-secret-key-for-the-outage-suite-0123456',
        CHAT_EVENTS_HEARTBEAT_MS: String(HEARTBEAT_MS),
        SHUTDOWN_DRAIN_MS: '10000',
      },
    });
    gateway = await startTestService(apiGatewayDefinition, {
      databaseUrl: proxy.url,
      bus,
      env: testGatewayEnv({ quote: chatApi.url, chat: chatApi.url }),
    });
    const realm = await chatApi.app.get(CreateRealmUseCase).execute({
      name: 'Outage org',
      ownerEmail: 'owner@outage.example',
      ownerName: 'Olivia Owner',
      origin: 'http://chat.test',
    });
    owner = realm.owner;
    const partner = await request(gateway.app.getHttpServer())
      .post('/ops/partners')
      .set('X-OPS-API-KEY', TEST_OPS_API_KEY)
      .send({ name: 'Outage partner' })
      .expect(201);
    partnerId = partner.body.partnerId as string;
  });

  afterAll(async () => {
    await proxy?.restore().catch(() => undefined);
    await gateway?.close();
    if (!chatApiStopped) await chatApi?.close();
    await proxy?.close();
    await bus.disconnect();
    await database?.drop();
  });

  const partnerKeys = () =>
    request(gateway.app.getHttpServer())
      .get(`/ops/partners/${partnerId}/keys`)
      .set('X-OPS-API-KEY', TEST_OPS_API_KEY);
  const me = () =>
    request(gateway.app.getHttpServer()).get('/api/v1/users/me').auth(owner.email, owner.apiKey);

  it('answers 503 with Retry-After while the database is away, and serves again once it is back', async () => {
    await partnerKeys().expect(200);
    await me().expect(200);

    await proxy.cut();
    const payout = await partnerKeys();
    expect(payout.status).toBe(503);
    expect(payout.headers['retry-after']).toBe('5');
    expect(payout.body).toEqual({
      message: 'The service is temporarily unavailable; try again in 5 s',
      code: 'service_unavailable',
      reason: 'The service is temporarily unavailable; try again in 5 s',
      retryable: true,
    });
    const chat = await me();
    expect(chat.status).toBe(503);
    expect(chat.headers['retry-after']).toBe('5');
    expect(chat.body).toEqual({ result: 'error', msg: 'Service temporarily unavailable' });
    const ready = await request(chatApi.app.getHttpServer()).get('/health/ready').expect(503);
    expect(ready.body.checks.database).toBe('down');

    await proxy.restore();
    await expectEventually(async () => {
      await partnerKeys().expect(200);
      await me().expect(200);
    });
    await request(chatApi.app.getHttpServer()).get('/health/ready').expect(200);
  });

  it('stops accepting on shutdown but answers the long poll in flight before it goes', async () => {
    const registered = await request(chatApi.app.getHttpServer())
      .post('/api/v1/register')
      .auth(owner.email, owner.apiKey)
      .type('form')
      .send({ event_types: JSON.stringify(['message']) })
      .expect(200);
    const queueId = registered.body.queue_id as string;
    const server = chatApi.app.getHttpServer();
    const { port } = server.address() as AddressInfo;
    const inFlight = once(server, 'request');
    const waiting = fetch(`http://127.0.0.1:${port}/api/v1/events?queue_id=${queueId}&last_event_id=-1`, {
      headers: { authorization: `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString('base64')}` },
    });
    await inFlight;

    const stopped = chatApi.close();
    chatApiStopped = true;
    await expectEventually(() => expect(fetch(`http://127.0.0.1:${port}/health/live`)).rejects.toThrow());
    const answer = await waiting;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      result: 'success',
      msg: '',
      queue_id: queueId,
      events: [{ type: 'heartbeat', id: 0 }],
    });
    await stopped;
  });
});
