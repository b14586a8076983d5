import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { RunningService } from '@platform/http';
import { InMemoryEventBus } from '@platform/messaging';
import { startTestDatabase, type TestDatabase } from '@platform/test-support';
import { TEST_OPS_API_KEY, startTestService, testGatewayEnv } from '@platform/testing';
import { apiGatewayDefinition } from '../src/api-gateway.definition.js';
import { SharedWindowCounters } from '../src/rate-limits/shared-window-counters.js';

// A day-long window: the test never straddles one (they turn at midnight UTC).
const DAY = 86_400;
const UNKNOWN_PARTNER = '00000000-0000-4000-8000-000000000000';

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

// Partners are held to their limits by route class, with the IETF RateLimit headers on every
// answer; operators change a partner's limits; wrong credentials are limited per client address.
describe('api-gateway rate limits', () => {
  let database: TestDatabase;
  const bus = new InMemoryEventBus();
  let upstream: Server;
  let gateway: RunningService;
  let http: ReturnType<typeof request>;

  beforeAll(async () => {
    database = await startTestDatabase();
    await bus.connect();
    upstream = await startUpstream();
    const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    gateway = await startTestService(apiGatewayDefinition, {
      databaseUrl: database.url,
      bus,
      env: testGatewayEnv(
        { quote: url, transaction: url, kyc: url, webhooks: url },
        {
          RATE_LIMIT_DEFAULTS: `quotes=3/${DAY},reads=50/${DAY}`,
          FAILED_AUTH_LIMIT: '3',
          FAILED_AUTH_WINDOW_SECONDS: String(DAY),
          TRUSTED_PROXY_HOPS: '1',
        },
      ),
    });
    http = request(gateway.app.getHttpServer());
  });

  afterAll(async () => {
    await gateway.close();
    await new Promise((resolve) => upstream.close(resolve));
    await bus.disconnect();
    await database.drop();
  });

  const ops = (call: request.Test) => call.set('X-OPS-API-KEY', TEST_OPS_API_KEY).set('X-Operator', 'ana');
  const newPartner = async (name: string): Promise<{ partnerId: string; apiKey: string }> =>
    (await ops(http.post('/ops/partners')).send({ name }).expect(201)).body;
  const quote = (apiKey: string) => http.post('/quote').set('X-API-Key', apiKey).send({ amount: 10 });

  it('answers 429 rate_limited with Retry-After past the limit, and the RateLimit headers on every answer', async () => {
    const partner = await newPartner('Quotes Co');
    for (const remaining of [2, 1, 0]) {
      const allowed = await quote(partner.apiKey).expect(200);
      expect(allowed.headers['ratelimit-policy']).toBe(`"quotes";q=3;w=${DAY}`);
      expect(allowed.headers['ratelimit']).toMatch(new RegExp(`^"quotes";r=${remaining};t=\\d+$`));
    }
    const refused = await quote(partner.apiKey).expect(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(DAY);
    expect(refused.headers['ratelimit']).toBe(`"quotes";r=0;t=${retryAfter}`);
    expect(refused.body).toEqual({
      message: `Rate limit exceeded: at most 3 quotes requests per ${DAY} s; retry in ${retryAfter} s`,
      code: 'rate_limited',
      reason: `Rate limit exceeded: at most 3 quotes requests per ${DAY} s; retry in ${retryAfter} s`,
      retryable: true,
    });

    // Another class has its own count, on the gateway's own routes too; a 4xx is counted and
    // carries the headers like a 200.
    const read = await http.get('/partner').set('X-API-Key', partner.apiKey).expect(200);
    expect(read.headers['ratelimit-policy']).toBe(`"reads";q=50;w=${DAY}`);
    expect(read.headers['ratelimit']).toMatch(/^"reads";r=49;t=\d+$/);
    const notFound = await http.get('/partner/nothing-here').set('X-API-Key', partner.apiKey).expect(404);
    expect(notFound.headers['ratelimit']).toMatch(/^"reads";r=48;t=\d+$/);

    const metrics = await http.get('/metrics').expect(200);
    expect(metrics.text).toMatch(/rate_limited_total\{class="quotes",service="api-gateway"\} 1\n/);
  });

  it('applies an operator override at once, lists it, audits it, and clears it', async () => {
    const partner = await newPartner('Override Co');
    for (let sent = 0; sent < 3; sent++) await quote(partner.apiKey).expect(200);
    await quote(partner.apiKey).expect(429);

    const set = await ops(http.put(`/ops/partners/${partner.partnerId}/rate-limits`))
      .send({ class: 'quotes', limit: 5 })
      .expect(200);
    expect(set.body.limits).toEqual([
      { class: 'quotes', limit: 5, windowSeconds: DAY, source: 'override' },
      { class: 'transaction_writes', limit: 120, windowSeconds: 60, source: 'default' },
      { class: 'kyc_uploads', limit: 30, windowSeconds: 60, source: 'default' },
      { class: 'keys', limit: 10, windowSeconds: 60, source: 'default' },
      { class: 'reads', limit: 50, windowSeconds: DAY, source: 'default' },
    ]);
    const raised = await quote(partner.apiKey).expect(200);
    expect(raised.headers['ratelimit-policy']).toBe(`"quotes";q=5;w=${DAY}`);
    expect(raised.headers['ratelimit']).toMatch(/^"quotes";r=1;t=\d+$/);
    await quote(partner.apiKey).expect(200);
    await quote(partner.apiKey).expect(429);

    // A window of its own starts a count of its own.
    await ops(http.put(`/ops/partners/${partner.partnerId}/rate-limits`))
      .send({ class: 'quotes', limit: 2, windowSeconds: 3600 })
      .expect(200);
    expect((await quote(partner.apiKey).expect(200)).headers['ratelimit-policy']).toBe('"quotes";q=2;w=3600');

    const cleared = await ops(http.delete(`/ops/partners/${partner.partnerId}/rate-limits`)).expect(200);
    expect(cleared.body.limits[0]).toEqual({
      class: 'quotes',
      limit: 3,
      windowSeconds: DAY,
      source: 'default',
    });
    await quote(partner.apiKey).expect(429);
    const read = await ops(http.get(`/ops/partners/${partner.partnerId}/rate-limits`)).expect(200);
    expect(read.body).toEqual(cleared.body);

    const audit = await ops(http.get('/ops/rate-limits/audit')).expect(200);
    const mine = (audit.body.entries as Array<{ partnerId: string }>).filter(
      (entry) => entry.partnerId === partner.partnerId,
    );
    expect(mine).toEqual([
      {
        id: expect.any(String),
        actor: 'ana',
        partnerId: partner.partnerId,
        fromLimits: 'quotes=2/3600',
        toLimits: '',
        occurredAt: expect.any(String),
      },
      {
        id: expect.any(String),
        actor: 'ana',
        partnerId: partner.partnerId,
        fromLimits: `quotes=5/${DAY}`,
        toLimits: 'quotes=2/3600',
        occurredAt: expect.any(String),
      },
      {
        id: expect.any(String),
        actor: 'ana',
        partnerId: partner.partnerId,
        fromLimits: '',
        toLimits: `quotes=5/${DAY}`,
        occurredAt: expect.any(String),
      },
    ]);
  });

  it('answers 404 for an unknown partner and 400 for a bad body', async () => {
    const notFound = {
      message: 'Partner not found',
      code: 'partner_not_found',
      reason: 'Partner not found',
      retryable: false,
    };
    const path = `/ops/partners/${UNKNOWN_PARTNER}/rate-limits`;
    expect((await ops(http.get(path)).expect(404)).body).toEqual(notFound);
    expect((await ops(http.put(path)).send({ class: 'quotes', limit: 5 }).expect(404)).body).toEqual(
      notFound,
    );
    expect((await ops(http.delete(path)).expect(404)).body).toEqual(notFound);

    const partner = await newPartner('Bad Body Co');
    const invalid = (reason: string) => ({
      message: reason,
      code: 'invalid_request',
      reason,
      retryable: false,
    });
    const put = (body: object) => ops(http.put(`/ops/partners/${partner.partnerId}/rate-limits`)).send(body);
    expect((await put({ class: 'writes', limit: 5 }).expect(400)).body).toEqual(
      invalid('class must be one of: quotes, transaction_writes, kyc_uploads, keys, reads'),
    );
    expect((await put({ class: 'quotes', limit: 0 }).expect(400)).body).toEqual(
      invalid('limit must not be less than 1'),
    );
    expect((await put({ class: 'quotes' }).expect(400)).body).toEqual(invalid('limit is required'));
  });

  it('refuses an address with too many wrong credentials before checking its key, and only that address', async () => {
    const partner = await newPartner('Guessed Co');
    const attacker = '203.0.113.7';
    for (let attempt = 0; attempt < 3; attempt++) {
      await http.get('/partner').set('X-Forwarded-For', attacker).set('X-API-Key', 'pk_guess').expect(401);
    }
    const refused = await http
      .get('/partner')
      .set('X-Forwarded-For', attacker)
      .set('X-API-Key', partner.apiKey);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    const reason = `Too many failed authentications from this address: at most 3 per ${DAY} s; retry in ${retryAfter} s`;
    expect(refused.body).toEqual({
      message: reason,
      code: 'authentication_rate_limited',
      reason,
      retryable: true,
    });
    // Proxied routes too, and whatever credential it sends.
    await http
      .post('/quote')
      .set('X-Forwarded-For', attacker)
      .set('X-OPS-API-KEY', TEST_OPS_API_KEY)
      .expect(429);

    // Another address is not held back, after the counts were shared as well.
    await gateway.app.get(SharedWindowCounters).sync();
    await http
      .get('/partner')
      .set('X-Forwarded-For', '203.0.113.8')
      .set('X-API-Key', partner.apiKey)
      .expect(200);
  });

  it('checks no more guesses sent at once than the limit, while a burst with one good key all passes', async () => {
    const partner = await newPartner('Burst Co');
    const burst = (address: string, keyOf: (index: number) => string) =>
      Promise.all(
        Array.from({ length: 30 }, async (_, index) => {
          const answer = await http
            .get('/partner')
            .set('X-Forwarded-For', address)
            .set('X-API-Key', keyOf(index));
          return answer.status;
        }),
      );
    const tally = (statuses: number[]) =>
      statuses.reduce<Record<number, number>>(
        (counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
        {},
      );

    // Each guess still being checked holds a place: only the limit's worth are ever checked.
    expect(tally(await burst('203.0.113.21', (index) => `pk_guess_${index}`))).toEqual({ 401: 3, 429: 27 });
    expect(tally(await burst('203.0.113.22', () => partner.apiKey))).toEqual({ 200: 30 });
  });
});
