import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { quoteServiceDefinition } from '@apps/quote-service';
import { InternalTokenService, type RunningService } from '@platform/http';
import { InMemoryEventBus } from '@platform/messaging';
import { startTestDatabase, type TestDatabase } from '@platform/test-support';
import {
  TEST_INTERNAL_AUTH_SECRET,
  TEST_OPS_API_KEY,
  startTestService,
  testGatewayEnv,
} from '@platform/testing';
import { ServiceName } from '@shared/contracts';
import { apiGatewayDefinition } from '../src/api-gateway.definition.js';
import { WalletTokenService } from '../src/wallet-auth/wallet-token.service.js';

const OPS_KEY = TEST_OPS_API_KEY;
const unauthorized = (reason: string) => ({
  message: reason,
  code: 'authentication_failed',
  reason,
  retryable: false,
});

describe('api-gateway authentication and routing', () => {
  let database: TestDatabase;
  const bus = new InMemoryEventBus();
  let quoteService: RunningService;
  let gateway: RunningService;
  let http: ReturnType<typeof request>;

  beforeAll(async () => {
    database = await startTestDatabase();
    await bus.connect();
    quoteService = await startTestService(quoteServiceDefinition, { databaseUrl: database.url, bus });
    gateway = await startTestService(apiGatewayDefinition, {
      databaseUrl: database.url,
      bus,
      env: testGatewayEnv(
        {
          quote: quoteService.url,
          transaction: quoteService.url,
          kyc: quoteService.url,
          webhooks: quoteService.url,
        },
        { MAX_BODY_BYTES: '4096', WALLET_JWT_SECRET: 'wallet-jwt-secret-for-end-to-end-suites-0123' },
      ),
    });
    http = request(gateway.app.getHttpServer());
  });

  afterAll(async () => {
    await gateway.close();
    await quoteService.close();
    await bus.disconnect();
    await database.drop();
  });

  const createPartner = async (name: string) =>
    (await http.post('/ops/partners').set('X-OPS-API-KEY', OPS_KEY).send({ name }).expect(201)).body as {
      partnerId: string;
      keyId: string;
      apiKey: string;
    };

  describe('partner API keys', () => {
    it('accepts a valid key and answers who the partner is', async () => {
      const partner = await createPartner('Valid Co');

      const response = await http.get('/partner').set('X-API-Key', partner.apiKey).expect(200);

      expect(response.body).toEqual({ id: partner.partnerId, name: 'Valid Co' });
      expect(partner.apiKey).toMatch(/^pk_[A-Za-z0-9_-]{43}$/);
    });

    it('refuses a missing key with a message', async () => {
      const response = await http.get('/partner').expect(401);
      expect(response.body).toEqual(unauthorized('Missing or invalid credentials'));
    });

    it.each(['X-Api-Token', 'Api-Key', 'X-API-KEY-ID', 'Authorization-Key'])(
      'refuses the key under the wrong header %s',
      async (header) => {
        const partner = await createPartner('Header Co');
        const response = await http.get('/partner').set(header, partner.apiKey).expect(401);
        expect(response.body).toEqual(unauthorized('Missing or invalid credentials'));
      },
    );

    it('refuses an unknown key', async () => {
      const response = await http.get('/partner').set('X-API-Key', 'pk_not-a-real-key').expect(401);
      expect(response.body).toEqual(unauthorized('Invalid API key'));
    });

    it('refuses a bearer token it cannot verify', async () => {
      const response = await http.get('/partner').set('Authorization', 'Bearer not.a.token').expect(401);
      expect(response.body).toEqual(unauthorized('Invalid or expired bearer token'));
    });

    it('keeps several keys active and stops a revoked one at once', async () => {
      const partner = await createPartner('Rotating Co');
      const second = (
        await http.post(`/ops/partners/${partner.partnerId}/keys`).set('X-OPS-API-KEY', OPS_KEY).expect(201)
      ).body;
      await http.get('/partner').set('X-API-Key', second.apiKey).expect(200);

      await http
        .delete(`/ops/partners/${partner.partnerId}/keys/${partner.keyId}`)
        .set('X-OPS-API-KEY', OPS_KEY)
        .expect(204);

      const revoked = await http.get('/partner').set('X-API-Key', partner.apiKey).expect(401);
      expect(revoked.body).toEqual(unauthorized('Invalid API key'));
      await http.get('/partner').set('X-API-Key', second.apiKey).expect(200);
      const keys = await http
        .get(`/ops/partners/${partner.partnerId}/keys`)
        .set('X-OPS-API-KEY', OPS_KEY)
        .expect(200);
      // Newest first.
      expect(keys.body.keys.map((key: { revokedAt: string | null }) => key.revokedAt === null)).toEqual([
        true,
        false,
      ]);
      expect(JSON.stringify(keys.body)).not.toContain(partner.apiKey);
    });

    it("does not revoke another partner's key", async () => {
      const owner = await createPartner('Owner Co');
      const other = await createPartner('Other Co');

      const response = await http
        .delete(`/ops/partners/${other.partnerId}/keys/${owner.keyId}`)
        .set('X-OPS-API-KEY', OPS_KEY)
        .expect(404);

      expect(response.body).toEqual({
        message: 'API key not found',
        code: 'api_key_not_found',
        reason: 'API key not found',
        retryable: false,
      });
      await http.get('/partner').set('X-API-Key', owner.apiKey).expect(200);
    });
  });

  describe("a partner's own keys (/partner/keys)", () => {
    const keysOf = async (apiKey: string) =>
      (await http.get('/partner/keys').set('X-API-Key', apiKey).expect(200)).body.keys as Array<{
        keyId: string;
        revokedAt: string | null;
      }>;

    it('creates a key shown once, lists them without secrets, and revokes one', async () => {
      const partner = await createPartner('Self-service Co');
      const created = (await http.post('/partner/keys').set('X-API-Key', partner.apiKey).expect(201)).body;
      expect(created).toEqual({
        keyId: expect.any(String),
        apiKey: expect.stringMatching(/^pk_/),
        displayPrefix: created.apiKey.slice(0, 10),
      });
      await http.get('/partner').set('X-API-Key', created.apiKey).expect(200);

      const keys = await keysOf(created.apiKey);
      expect(keys.map(({ keyId }) => keyId)).toEqual([created.keyId, partner.keyId]);
      expect(JSON.stringify(keys)).not.toContain(created.apiKey);

      await http.delete(`/partner/keys/${partner.keyId}`).set('X-API-Key', created.apiKey).expect(204);
      await http.get('/partner').set('X-API-Key', partner.apiKey).expect(401);
      expect((await keysOf(created.apiKey))[1]!.revokedAt).toEqual(expect.any(String));
    });

    it("answers 404 for another partner's key and leaves it working", async () => {
      const owner = await createPartner('Key owner');
      const other = await createPartner('Key neighbour');
      const response = await http
        .delete(`/partner/keys/${owner.keyId}`)
        .set('X-API-Key', other.apiKey)
        .expect(404);
      expect(response.body.code).toBe('api_key_not_found');
      await http.get('/partner').set('X-API-Key', owner.apiKey).expect(200);
    });

    it('is refused to a wallet token and to the ops key', async () => {
      const partner = await createPartner('Wallet keys Co');
      const token = await gateway.app.get(WalletTokenService).signAccess(
        {
          partnerId: partner.partnerId,
          address: 'GWALLET',
          chainFamily: 'stellar',
          chainId: 'stellar:pubnet',
        },
        new Date(),
      );
      await http.get('/partner/keys').set('Authorization', `Bearer ${token}`).expect(403);
      await http.post('/partner/keys').set('Authorization', `Bearer ${token}`).expect(403);
      await http.get('/partner/keys').set('X-OPS-API-KEY', OPS_KEY).expect(401);
    });
  });

  describe('operations key', () => {
    it('opens the operations routes', async () => {
      const response = await http
        .post('/ops/partners')
        .set('X-OPS-API-KEY', OPS_KEY)
        .send({ name: 'Ops Co' })
        .expect(201);
      expect(response.body).toEqual({
        partnerId: expect.any(String),
        name: 'Ops Co',
        keyId: expect.any(String),
        apiKey: expect.any(String),
        displayPrefix: response.body.apiKey.slice(0, 10),
      });
    });

    it('refuses a wrong operations key', async () => {
      const response = await http
        .post('/ops/partners')
        .set('X-OPS-API-KEY', `${OPS_KEY}x`)
        .send({ name: 'x' })
        .expect(401);
      expect(response.body).toEqual(unauthorized('Invalid operations key'));
    });

    it('does not let a partner key act as the operations key, nor the reverse', async () => {
      const partner = await createPartner('Not Ops Co');
      await http.post('/ops/partners').set('X-API-Key', partner.apiKey).send({ name: 'x' }).expect(401);
      await http.get('/partner').set('X-OPS-API-KEY', OPS_KEY).expect(401);
    });

    it('validates the body of an operations request', async () => {
      const response = await http
        .post('/ops/partners')
        .set('X-OPS-API-KEY', OPS_KEY)
        .send({ name: 5 })
        .expect(400);
      expect(response.body).toEqual({
        message: 'name must be a string',
        code: 'invalid_request',
        reason: 'name must be a string',
        retryable: false,
      });
    });
  });

  describe('identity forwarding', () => {
    it('answers 401 when a service is called directly without an identity token', async () => {
      const response = await request(quoteService.url).get('/internal/openapi.json').expect(401);
      expect(response.body).toEqual(unauthorized('Missing or invalid credentials'));
    });

    it('lets a service in with a token signed by the platform', async () => {
      const token = await new InternalTokenService(TEST_INTERNAL_AUTH_SECRET).sign({
        kind: 'service',
        service: ServiceName.ApiGateway,
      });
      await request(quoteService.url)
        .get('/internal/openapi.json')
        .set('x-internal-identity', token)
        .expect(200);
    });

    it('discards an identity token sent by a client', async () => {
      const partner = await createPartner('Spoof Co');
      const forged = await new InternalTokenService(TEST_INTERNAL_AUTH_SECRET).sign({
        kind: 'partner',
        partnerId: partner.partnerId,
        scheme: 'api_key',
        walletUser: null,
      });

      await http.get('/partner').set('x-internal-identity', forged).expect(401);
    });

    it('routes payout paths to their service', async () => {
      const response = await http.get('/transactions/list').expect(404);
      expect(response.body).toEqual({
        code: 'not_found',
        reason: 'Cannot GET /transactions/list',
        retryable: false,
      });
    });

    it('answers 502 when the owning service is down, a chat request in Zulip’s envelope', async () => {
      const response = await http.get('/api/v1/users').expect(502);
      expect(response.body).toEqual({ result: 'error', msg: 'The service is unavailable' });
    });
  });

  describe('edge behaviour', () => {
    it('echoes a request id, or makes one', async () => {
      expect((await http.get('/health/live').set('X-Request-Id', 'trace-123')).headers['x-request-id']).toBe(
        'trace-123',
      );
      expect((await http.get('/health/live')).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('carries the request id through a proxied call and records its latency by upstream', async () => {
      const response = await http.get('/transactions/list?cursor=abc').set('X-Request-Id', 'trace-proxied');

      expect(response.headers['x-request-id']).toBe('trace-proxied');
      const metrics = (await http.get('/metrics').expect(200)).text;
      expect(metrics).toMatch(
        /http_request_duration_seconds_count\{[^}]*route="proxy:transaction"[^}]*\} [1-9]/,
      );
      expect(metrics).not.toContain('/transactions/list');
    });

    it('refuses a body over the limit, for its own routes and proxied ones', async () => {
      const big = { name: 'x'.repeat(5000) };
      const own = await http.post('/ops/partners').set('X-OPS-API-KEY', OPS_KEY).send(big).expect(413);
      const tooLarge = {
        message: 'Request body is too large',
        code: 'invalid_request',
        reason: 'Request body is too large',
        retryable: false,
      };
      expect(own.body).toEqual(tooLarge);
      const proxied = await http.post('/quote').send(big).expect(413);
      expect(proxied.body).toEqual(tooLarge);
    });

    it('answers a method a path does not have with 405 and the methods it has', async () => {
      const own = await http.trace('/partner').expect(405);
      expect(own.headers['allow']).toBe('GET, HEAD');
      const reason = 'TRACE is not allowed on /partner (allowed: GET, HEAD)';
      expect(own.body).toEqual({ message: reason, code: 'method_not_allowed', reason, retryable: false });

      const proxied = await http.trace('/quote/reverse').expect(405);
      expect(proxied.headers['allow']).toBe('POST');
      expect(proxied.body).toEqual({
        code: 'method_not_allowed',
        reason: 'TRACE is not allowed on /quote/reverse (allowed: POST)',
        retryable: false,
      });
    });

    it('still answers an unknown path with 404', async () => {
      const response = await http.trace('/nowhere').expect(404);
      expect(response.body).toEqual({
        message: 'Cannot TRACE /nowhere',
        code: 'not_found',
        reason: 'Cannot TRACE /nowhere',
        retryable: false,
      });
    });

    it('answers malformed JSON with invalid_request', async () => {
      const response = await http
        .post('/ops/partners')
        .set('X-OPS-API-KEY', OPS_KEY)
        .set('Content-Type', 'application/json')
        .send('{"name":')
        .expect(400);
      expect(response.body).toEqual({
        message: 'Request body is not valid JSON',
        code: 'invalid_request',
        reason: 'Request body is not valid JSON',
        retryable: false,
      });
    });

    it('serves health, metrics and the API reference without credentials', async () => {
      expect((await http.get('/health/ready').expect(200)).body).toEqual({
        status: 'ok',
        checks: { database: 'up', eventBus: 'up' },
      });
      expect((await http.get('/metrics').expect(200)).text).toContain('http_request_duration_seconds');
      expect((await http.get('/docs/').expect(200)).text).toContain('swagger');
      const document = (await http.get('/openapi.json').expect(200)).body;
      expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/partner', '/ops/partners']));
      expect(Object.keys(document.components.securitySchemes)).toEqual(['apiKey', 'bearer', 'opsKey']);
    });

    it("documents every answer of the gateway's own routes", async () => {
      const { body: document } = await http.get('/openapi.json').expect(200);
      const schemaOf = (path: string, method: string, status: string) =>
        document.paths[path][method].responses[status]?.content['application/json'].schema;
      const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
      expect(schemaOf('/partner', 'get', '200')).toEqual(ref('PartnerResponseDto'));
      expect(schemaOf('/partner', 'get', '401')).toEqual(ref('AuthenticationFailedResponseDto'));
      for (const status of ['400', '413'])
        expect(schemaOf('/ops/partners', 'post', status)).toEqual(ref('GatewayErrorResponseDto'));
      expect(schemaOf('/ops/partners', 'post', '401')).toEqual(ref('AuthenticationFailedResponseDto'));
      expect(schemaOf('/ops/partners', 'post', '201')).toEqual(ref('CreatedPartnerResponseDto'));
      expect(schemaOf('/ops/partners/{partnerId}/keys', 'get', '200')).toEqual(ref('ApiKeyListResponseDto'));
      expect(document.components.schemas.CreatePartnerRequestDto).toMatchObject({
        additionalProperties: false,
        properties: { name: { type: 'string', minLength: 1 } },
      });
    });
  });
});
