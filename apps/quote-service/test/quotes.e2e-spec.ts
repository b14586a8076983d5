import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { apiGatewayDefinition } from '@apps/api-gateway';
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
import { quoteServiceDefinition } from '../src/quote-service.definition.js';

// USDT/COP has no rate on purpose: its corridor is live, its price is not.
const SANDBOX_RATES = 'USDC:COP=4000,USDC:BRL=5.5,USDT:BRL=5.49';

const payout = (overrides: object = {}) => ({
  amount: 400000,
  crypto_currency: 'USDC',
  network: 'STELLAR',
  payment_method: 'BREB',
  target_currency: 'COP',
  ...overrides,
});
const reverse = (overrides: object = {}) => ({
  source_amount: 100,
  crypto_currency: 'USDC',
  network: 'CELO',
  payment_method: 'PIX',
  target_currency: 'BRL',
  ...overrides,
});
const onramp = (overrides: object = {}) => ({
  fiat_amount: 500,
  crypto_currency: 'USDC',
  network: 'SOLANA',
  payment_method: 'PIX',
  target_currency: 'BRL',
  ...overrides,
});
const refusal = (code: string, reason: string, retryable = false) => ({ code, reason, retryable });

describe('quotes through the gateway', () => {
  let database: TestDatabase;
  const bus = new InMemoryEventBus();
  let quoteService: RunningService;
  let gateway: RunningService;
  let http: ReturnType<typeof request>;
  let apiKey: string;
  let partnerId: string;

  beforeAll(async () => {
    database = await startTestDatabase();
    await bus.connect();
    quoteService = await startTestService(quoteServiceDefinition, {
      databaseUrl: database.url,
      bus,
      env: { SANDBOX_RATES },
    });
    gateway = await startTestService(apiGatewayDefinition, {
      databaseUrl: database.url,
      bus,
      env: testGatewayEnv({ quote: quoteService.url }),
    });
    http = request(gateway.app.getHttpServer());
    const partner = await http
      .post('/ops/partners')
      .set('X-OPS-API-KEY', TEST_OPS_API_KEY)
      .send({ name: 'Quoter' })
      .expect(201);
    ({ apiKey, partnerId } = partner.body);
  });

  afterAll(async () => {
    await gateway.close();
    await quoteService.close();
    await bus.disconnect();
    await database.drop();
  });

  const post = (path: string, body: object) => http.post(path).set('X-API-Key', apiKey).send(body);

  describe('POST /quote', () => {
    it('prices the crypto to send, fee included, valid for one hour', async () => {
      const before = Date.now();
      const response = await post('/quote', payout()).expect(200);

      // 400000 COP at 4000 is 100 USDC net; with 1% taken from the amount sent, 101.0101… rounds up.
      expect(response.body).toEqual({
        expiration_time: expect.any(Number),
        fee: { amount: '1.010200', currency: 'USDC', type: 'percentage' },
        quote_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        value: 101.02,
      });
      expect(response.body.expiration_time - before).toBeGreaterThanOrEqual(3_600_000);
      expect(response.body.expiration_time - Date.now()).toBeLessThanOrEqual(3_600_000);
    });

    it('reports a combined fee where the corridor has both parts', async () => {
      const response = await post(
        '/quote',
        payout({ amount: 100, network: 'SOLANA', payment_method: 'PIX', target_currency: 'BRL' }),
      ).expect(200);
      expect(response.body.fee).toEqual({ amount: '0.247440', currency: 'USDC', type: 'combined' });
      expect(response.body.value).toBe(18.43);
    });

    it.each([
      ['an amount sent as a string', { amount: '400000' }, 'amount must be a number with at most 2 decimals'],
      ['a negative amount', { amount: -5 }, 'amount must be a positive number'],
      [
        'an unknown crypto currency',
        { crypto_currency: 'BTC' },
        'crypto_currency must be one of the following values: USDC, USDT',
      ],
      [
        'an unknown network',
        { network: 'ETHEREUM' },
        'network must be one of the following values: STELLAR, SOLANA, CELO',
      ],
      [
        'an unknown payment method',
        { payment_method: 'SPEI' },
        'payment_method must be one of the following values: BREB, PIX',
      ],
      [
        'an unknown currency',
        { target_currency: 'USD' },
        'target_currency must be one of the following values: COP, BRL',
      ],
      [
        'a field of the wrong type',
        { network: 7 },
        'network must be one of the following values: STELLAR, SOLANA, CELO',
      ],
      ['an unknown field', { bank_code: '001' }, 'property bank_code should not exist'],
      ['pesos with cents', { amount: 400000.5 }, 'fiatAmount must have at most 0 decimals, got 400000.5'],
    ])('answers invalid_request for %s', async (_case, overrides, reason) => {
      const response = await post('/quote', payout(overrides)).expect(400);
      expect(response.body).toEqual(refusal('invalid_request', reason));
    });

    it('answers invalid_request for a missing field', async () => {
      const { amount: _amount, ...withoutAmount } = payout();
      const response = await post('/quote', withoutAmount).expect(400);
      expect(response.body).toEqual(refusal('invalid_request', 'amount is required'));
    });

    it('answers invalid_request for a body that is not JSON', async () => {
      const response = await http
        .post('/quote')
        .set('X-API-Key', apiKey)
        .set('Content-Type', 'application/json')
        .send('{"amount":')
        .expect(400);
      expect(response.body).toEqual(refusal('invalid_request', 'Request body is not valid JSON'));
    });

    // Served directly, and through Express (another spelling of the content type).
    it.each(['application/json', 'application/json;charset=utf-8'])(
      'answers invalid_request for a body nested thousands of levels deep (%s)',
      async (contentType) => {
        const response = await http
          .post('/quote')
          .set('X-API-Key', apiKey)
          .set('Content-Type', contentType)
          .send(`{"amount":${'['.repeat(5000)}${']'.repeat(5000)}}`)
          .expect(400);
        expect(response.body).toEqual(
          refusal('invalid_request', 'Request body is nested too deeply (at most 32 levels)'),
        );
      },
    );

    it.each([
      [5e-324, 'amount must be a number with at most 2 decimals'],
      [1.005, 'amount must be a number with at most 2 decimals'],
      [0, 'amount must be a positive number'],
    ])('answers invalid_request for the amount %p', async (amount, reason) => {
      const response = await post('/quote', payout({ amount })).expect(400);
      expect(response.body).toEqual(refusal('invalid_request', reason));
    });

    it.each(['gzip', 'deflate'])(
      'answers invalid_request for a %s body that does not decompress',
      async (encoding) => {
        const response = await http
          .post('/quote')
          .set('X-API-Key', apiKey)
          .set('Content-Type', 'application/json')
          .set('Content-Encoding', encoding)
          .send('{"amount":1}')
          .expect(400);
        expect(response.body).toEqual(refusal('invalid_request', 'Request body could not be decompressed'));
      },
    );

    it('answers corridor_unavailable for a route that is not configured', async () => {
      const response = await post('/quote', payout({ target_currency: 'BRL' })).expect(400);
      expect(response.body).toEqual(
        refusal('corridor_unavailable', 'USDC on STELLAR to BRL via BREB is not available'),
      );
    });

    it('answers corridor_unavailable for an asset that does not exist on the chain', async () => {
      const response = await post('/quote', payout({ crypto_currency: 'USDT' })).expect(400);
      expect(response.body).toEqual(
        refusal('corridor_unavailable', 'USDT on STELLAR to COP via BREB is not available'),
      );
    });

    it('answers minimum and maximum naming the bound and the currency', async () => {
      expect((await post('/quote', payout({ amount: 19999 })).expect(400)).body).toEqual(
        refusal('minimum', 'The amount is below the minimum of 20000 COP for this corridor'),
      );
      expect((await post('/quote', payout({ amount: 20000001 })).expect(400)).body).toEqual(
        refusal('maximum', 'The amount is above the maximum of 20000000 COP for this corridor'),
      );
    });

    it('answers quote_unavailable, retryable, when there is no current price', async () => {
      const response = await post('/quote', payout({ crypto_currency: 'USDT', network: 'SOLANA' })).expect(
        500,
      );
      expect(response.body).toEqual(
        refusal('quote_unavailable', 'No current USDT/COP price; try again shortly', true),
      );
    });

    it('answers authentication_failed with a message when the key is missing or wrong', async () => {
      const expected = (reason: string) => ({
        message: reason,
        code: 'authentication_failed',
        reason,
        retryable: false,
      });
      expect((await http.post('/quote').send(payout()).expect(401)).body).toEqual(
        expected('Missing or invalid credentials'),
      );
      expect(
        (await http.post('/quote').set('X-API-Key', 'pk_wrong').send(payout()).expect(401)).body,
      ).toEqual(expected('Invalid API key'));
    });
  });

  it("documents each quote route's answers and what its body must be", async () => {
    const { body: document } = await http.get('/openapi.json').expect(200);
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    for (const path of ['/quote', '/quote/reverse', '/quote/onramp']) {
      const { responses } = document.paths[path].post;
      expect(responses['200'].content['application/json'].schema).toEqual(ref('QuoteResponseDto'));
      for (const status of ['400', '401', '413', '500']) expect(responses[status]).toBeDefined();
    }
    expect(document.components.schemas.QuoteRequestDto).toMatchObject({
      additionalProperties: false,
      properties: { amount: { type: 'number', minimum: 0, exclusiveMinimum: true } },
    });
  });

  describe('POST /quote/reverse', () => {
    it('prices the fiat received after fees, the fee in the source asset', async () => {
      const response = await post('/quote/reverse', reverse()).expect(200);
      // 100 USDC − (0.8% + 0.10) = 99.1 USDC at 5.5 = 545.05 BRL.
      expect(response.body).toMatchObject({
        fee: { amount: '0.900000', currency: 'USDC', type: 'combined' },
        value: 545.05,
      });
    });

    it('answers minimum when the fee leaves nothing to deliver', async () => {
      const response = await post('/quote/reverse', reverse({ source_amount: 0.1 })).expect(400);
      expect(response.body).toEqual(refusal('minimum', 'The amount does not cover the fee of 0.100800'));
    });

    it('applies the corridor bounds to the fiat received', async () => {
      const response = await post('/quote/reverse', reverse({ source_amount: 1 })).expect(400);
      expect(response.body).toEqual(
        refusal('minimum', 'The amount is below the minimum of 10 BRL for this corridor'),
      );
    });

    it('answers invalid_request for a missing source amount', async () => {
      const { source_amount: _source, ...rest } = reverse();
      expect((await post('/quote/reverse', rest).expect(400)).body).toEqual(
        refusal('invalid_request', 'source_amount is required'),
      );
    });
  });

  describe('POST /quote/onramp', () => {
    it('prices the crypto received for the fiat paid', async () => {
      const response = await post('/quote/onramp', onramp()).expect(200);
      // 500 BRL at 5.5 buys 90.909090 USDC; 1.5% of it is 1.363636.
      expect(response.body).toMatchObject({
        fee: { amount: '1.363636', currency: 'USDC', type: 'percentage' },
        value: 89.545454,
      });
    });

    it('answers corridor_unavailable outside the BRL/PIX onramp', async () => {
      const response = await post(
        '/quote/onramp',
        onramp({ target_currency: 'COP', payment_method: 'BREB' }),
      ).expect(400);
      expect(response.body).toEqual(
        refusal('corridor_unavailable', 'USDC on SOLANA to COP via BREB is not available'),
      );
    });
  });

  describe('stored quotes', () => {
    it('stores each quote and lets its own partner read it back, nobody else', async () => {
      const quote = (await post('/quote', payout()).expect(200)).body;
      const token = await new InternalTokenService(TEST_INTERNAL_AUTH_SECRET).sign({
        kind: 'service',
        service: ServiceName.TransactionService,
      });
      const read = (partner: string) =>
        request(quoteService.url)
          .get(`/internal/quotes/${quote.quote_id}?partnerId=${partner}`)
          .set('x-internal-identity', token);

      const stored = (await read(partnerId).expect(200)).body;
      expect(stored).toMatchObject({
        quoteId: quote.quote_id,
        partnerId,
        kind: 'PAYOUT',
        cryptoAmount: '101.020000',
        fiatAmount: '400000.00',
        feeAmount: '1.010200',
        feeType: 'percentage',
        rate: '4000.0000000000',
        live: true,
        asset: { mintAddress: 'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN', decimals: 7 },
      });
      expect((await read('00000000-0000-4000-8000-000000000000').expect(404)).body).toEqual(
        refusal('quote_not_found', 'Quote not found'),
      );
    });
  });

  describe('GET /internal/assets', () => {
    it('lists the active mint of every asset for a service, and follows a rotation', async () => {
      const token = await new InternalTokenService(TEST_INTERNAL_AUTH_SECRET).sign({
        kind: 'service',
        service: ServiceName.ChainWatchers,
      });
      const read = () => request(quoteService.url).get('/internal/assets').set('x-internal-identity', token);
      await request(quoteService.url).get('/internal/assets').expect(401);
      expect((await read().expect(200)).body.assets).toContainEqual({
        cryptoCurrency: 'USDT',
        blockchain: 'SOLANA',
        mintAddress: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB',
        decimals: 6,
      });
      const rotated = {
        cryptoCurrency: 'USDT',
        blockchain: 'SOLANA',
        mintAddress: 'RotatedMint111111111111111111111111111111111',
        decimals: 6,
      };
      const original = { ...rotated, mintAddress: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB' };
      await http
        .put('/ops/corridors/assets')
        .set('X-OPS-API-KEY', TEST_OPS_API_KEY)
        .send(rotated)
        .expect(200);
      const assets = (await read().expect(200)).body.assets as object[];
      expect(assets).toContainEqual(rotated);
      expect(assets).not.toContainEqual(original);
      await http
        .put('/ops/corridors/assets')
        .set('X-OPS-API-KEY', TEST_OPS_API_KEY)
        .send(original)
        .expect(200);
    });
  });

  describe('GET /public/corridors', () => {
    it('lists the live payout corridors without a credential, cacheably', async () => {
      const response = await http.get('/public/corridors').expect(200);

      expect(response.headers['cache-control']).toBe('public, max-age=60');
      expect(response.headers.etag).toBeDefined();
      expect(response.body.corridors).toHaveLength(10);
      expect(response.body.corridors).toContainEqual({
        blockchain: 'STELLAR',
        chainFamily: 'stellar',
        chainId: 'stellar:pubnet',
        cryptoCurrency: 'USDC',
        paymentMethod: 'BREB',
        targetCurrency: 'COP',
        minAmount: 20000,
        maxAmount: 20000000,
        notify: { endpoint: null, required: false },
        walletConnect: {
          chainId: 'stellar:pubnet',
          events: [],
          methods: ['stellar_signXDR', 'stellar_signAndSubmitXDR'],
          namespace: 'stellar',
        },
      });
      await http.get('/public/corridors').set('If-None-Match', response.headers.etag!).expect(304);
    });
  });

  describe('corridor administration', () => {
    const ops = () => ({ 'X-OPS-API-KEY': TEST_OPS_API_KEY });
    interface FlowView {
      id: string;
      direction: string;
      route: { blockchain: string; cryptoCurrency: string; targetCurrency: string };
    }
    const flowOf = async (network: string, currency: string) => {
      const snapshot = (await http.get('/ops/corridors').set(ops()).expect(200)).body as {
        flows: FlowView[];
      };
      return snapshot.flows.find(
        ({ direction, route }) =>
          direction === 'PAYOUT' &&
          route.blockchain === network &&
          route.cryptoCurrency === 'USDC' &&
          route.targetCurrency === currency,
      )!;
    };

    it('is for the operations key only', async () => {
      await http.get('/ops/corridors').expect(401);
      await http.get('/ops/corridors').set('X-API-Key', apiKey).expect(401);
    });

    it('takes a flow out of service and back without a deploy', async () => {
      const flow = await flowOf('CELO', 'COP');
      const celoCop = payout({ network: 'CELO' });

      await http.patch(`/ops/corridors/flows/${flow.id}`).set(ops()).send({ enabled: false }).expect(200);
      expect((await post('/quote', celoCop).expect(400)).body.code).toBe('corridor_unavailable');
      expect((await http.get('/public/corridors').expect(200)).body.corridors).toHaveLength(9);

      await http
        .patch(`/ops/corridors/flows/${flow.id}`)
        .set(ops())
        .send({ enabled: true, feeBasisPoints: 0 })
        .expect(200);
      expect((await post('/quote', celoCop).expect(200)).body.fee).toEqual({
        amount: '0.000000',
        currency: 'USDC',
        type: 'none',
      });
    });

    it('marks a route unsupported whatever its flow says, and restores it', async () => {
      const route = {
        cryptoCurrency: 'USDC',
        blockchain: 'SOLANA',
        paymentMethod: 'BREB',
        targetCurrency: 'COP',
      };
      const marked = (
        await http
          .post('/ops/corridors/unsupported')
          .set(ops())
          .send({ ...route, reason: 'Rail maintenance' })
          .expect(201)
      ).body;
      expect((await post('/quote', payout({ network: 'SOLANA' })).expect(400)).body.code).toBe(
        'corridor_unavailable',
      );

      await http.delete(`/ops/corridors/unsupported/${marked.id}`).set(ops()).expect(204);
      await post('/quote', payout({ network: 'SOLANA' })).expect(200);
    });

    it('records each change with its operator and what was asked in the audit log, newest first', async () => {
      const flow = await flowOf('SOLANA', 'BRL');
      const operator = { ...ops(), 'X-Operator': 'ana@ops' };
      await http.patch(`/ops/corridors/flows/${flow.id}`).set(operator).send({ enabled: false }).expect(200);
      await http
        .patch(`/ops/corridors/flows/${flow.id}`)
        .set(ops())
        .send({ enabled: true, feeBasisPoints: 25 });
      // A refused change leaves no entry.
      await http
        .patch(`/ops/corridors/flows/${flow.id}`)
        .set(operator)
        .send({ minAmount: '5', maxAmount: '1' });
      const route = {
        cryptoCurrency: 'USDT',
        blockchain: 'SOLANA',
        paymentMethod: 'PIX',
        targetCurrency: 'BRL',
      };
      const marked = await http
        .post('/ops/corridors/unsupported')
        .set(operator)
        .send({ ...route, reason: 'Audit test' })
        .expect(201);
      await http.delete(`/ops/corridors/unsupported/${marked.body.id}`).set(operator).expect(204);

      const { entries } = (await http.get('/ops/corridors/audit').query({ limit: 4 }).set(ops()).expect(200))
        .body;
      expect(entries).toEqual([
        {
          id: expect.any(String),
          actor: 'ana@ops',
          action: 'restore_route',
          subject: 'USDT SOLANA → PIX BRL',
          change: {},
          occurredAt: expect.any(String),
        },
        expect.objectContaining({ action: 'mark_unsupported', change: { reason: 'Audit test' } }),
        expect.objectContaining({
          actor: 'ops',
          action: 'update_flow',
          subject: 'PAYOUT USDC SOLANA → PIX BRL',
          change: { enabled: true, feeBasisPoints: 25 },
        }),
        expect.objectContaining({ actor: 'ana@ops', action: 'update_flow', change: { enabled: false } }),
      ]);
      await http.get('/ops/corridors/audit').set('X-API-Key', apiKey).expect(401);
      expect(
        (await http.get('/ops/corridors/audit').query({ limit: 0 }).set(ops()).expect(400)).body,
      ).toEqual(refusal('invalid_request', 'limit must be an integer from 1 to 200'));
    });

    it('documents its answers, as the other operations routes', async () => {
      const { body: document } = await http.get('/openapi.json').expect(200);
      const schemaOf = (path: string, method: string, status: string) =>
        document.paths[path][method].responses[status]?.content?.['application/json'].schema;
      const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
      expect(schemaOf('/ops/corridors', 'get', '200')).toEqual(ref('CorridorSnapshotResponseDto'));
      expect(schemaOf('/ops/corridors/flows/{flowId}', 'patch', '200')).toEqual(
        ref('CorridorFlowResponseDto'),
      );
      expect(schemaOf('/ops/corridors/flows/{flowId}', 'patch', '404')).toEqual(ref('QuoteErrorResponseDto'));
      expect(schemaOf('/ops/corridors/assets', 'put', '200')).toEqual(ref('CorridorAssetResponseDto'));
      expect(schemaOf('/ops/corridors/unsupported', 'post', '201')).toEqual(
        ref('UnsupportedRouteResponseDto'),
      );
      expect(schemaOf('/ops/corridors/audit', 'get', '200')).toEqual(ref('CorridorAuditResponseDto'));
      const restore = document.paths['/ops/corridors/unsupported/{id}'].delete.responses;
      expect(restore['204']).toBeDefined();
      expect(restore['404'].content['application/json'].schema).toEqual(ref('QuoteErrorResponseDto'));
    });

    it('refuses inconsistent bounds', async () => {
      const flow = await flowOf('STELLAR', 'COP');
      const response = await http
        .patch(`/ops/corridors/flows/${flow.id}`)
        .set(ops())
        .send({ minAmount: '5', maxAmount: '1' })
        .expect(400);
      expect(response.body).toEqual(refusal('invalid_request', 'minAmount must not exceed maxAmount'));
    });
  });
});
