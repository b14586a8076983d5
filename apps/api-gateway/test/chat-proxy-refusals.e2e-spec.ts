import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { RunningService } from '@platform/http';
import { InMemoryEventBus } from '@platform/messaging';
import { startTestDatabase, type TestDatabase } from '@platform/test-support';
import { startTestService, testGatewayEnv } from '@platform/testing';
import { apiGatewayDefinition } from '../src/api-gateway.definition.js';

// What the gateway answers by itself for a request it proxies: chat requests (/api/v1, and
// every path of CHAT_HOST) in Zulip's envelope, payout requests in the payout shape. The upstream
// is a stand-in that never answers /slow and drops the connection on /drop.
describe('gateway refusals of proxied requests', () => {
  let database: TestDatabase;
  const bus = new InMemoryEventBus();
  let upstream: Server;
  let gateway: RunningService;
  let http: ReturnType<typeof request>;

  beforeAll(async () => {
    database = await startTestDatabase();
    await bus.connect();
    upstream = createServer((incoming, outgoing) => {
      incoming.resume();
      if (incoming.url?.includes('/drop')) incoming.socket.destroy();
      else if (!incoming.url?.includes('/slow')) outgoing.writeHead(204).end();
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    gateway = await startTestService(apiGatewayDefinition, {
      databaseUrl: database.url,
      bus,
      env: testGatewayEnv(
        { quote: url, chat: url },
        {
          MAX_BODY_BYTES: '4096',
          PROXY_TIMEOUT_MS: '300',
          CHAT_PROXY_TIMEOUT_MS: '300',
          CHAT_HOST: 'chat.example.com',
        },
      ),
    });
    http = request(gateway.app.getHttpServer());
  });

  afterAll(async () => {
    await gateway.close();
    upstream.closeAllConnections();
    await new Promise((resolve) => upstream.close(resolve));
    await bus.disconnect();
    await database.drop();
  });

  const big = 'x'.repeat(5000);

  describe('for chat requests, in Zulip’s envelope', () => {
    it('refuses a body over the limit with 413', async () => {
      const response = await http.post('/api/v1/messages').type('form').send({ content: big }).expect(413);
      expect(response.body).toEqual({
        result: 'error',
        msg: 'Request body is too large',
        code: 'BAD_REQUEST',
      });
    });

    it('answers 504 when chat-api does not answer in time, like Zulip’s server errors (no code)', async () => {
      const response = await http.get('/api/v1/slow').expect(504);
      expect(response.body).toEqual({ result: 'error', msg: 'The service did not answer in time' });
    });

    it('answers 502 when chat-api drops the request', async () => {
      const response = await http.get('/api/v1/drop').expect(502);
      expect(response.body).toEqual({ result: 'error', msg: 'The service is unavailable' });
    });

    it('answers the chat host’s requests the same way, whatever the path', async () => {
      const slow = await http.get('/quote/slow').set('Host', 'chat.example.com').expect(504);
      expect(slow.body).toEqual({ result: 'error', msg: 'The service did not answer in time' });
      const large = await http.post('/quote').set('Host', 'chat.example.com').send({ big }).expect(413);
      expect(large.body).toEqual({ result: 'error', msg: 'Request body is too large', code: 'BAD_REQUEST' });
    });
  });

  describe('for payout requests, in the payout shape', () => {
    it('answers 504 and 413 as before', async () => {
      const slow = await http.get('/quote/slow').expect(504);
      const reason = 'The service did not answer in time';
      expect(slow.body).toEqual({ message: reason, code: 'server_error', reason, retryable: true });
      const large = await http.post('/quote').send({ big }).expect(413);
      expect(large.body).toEqual({
        message: 'Request body is too large',
        code: 'invalid_request',
        reason: 'Request body is too large',
        retryable: false,
      });
    });
  });
});
