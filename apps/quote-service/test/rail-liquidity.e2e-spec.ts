import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { RunningService } from '@platform/http';
import { InMemoryEventBus } from '@platform/messaging';
import { expectEventually, startTestDatabase, type TestDatabase } from '@platform/test-support';
import { TEST_OPS_API_KEY, startTestService, testGatewayEnv } from '@platform/testing';
import type { RailLiquidityResponse } from '@shared/contracts';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { quoteServiceDefinition } from '../src/quote-service.definition.js';

const pixQuote = (amount: number) => ({
  amount,
  crypto_currency: 'USDC',
  network: 'STELLAR',
  payment_method: 'PIX',
  target_currency: 'BRL',
});

// Stands in for transaction-service's GET /internal/rail-liquidity, with a PIX balance to change.
function startLiquiditySource(balance: { available: string }): Promise<Server> {
  const server = createServer((incoming, outgoing) => {
    const answer: RailLiquidityResponse = {
      rails: [
        {
          paymentMethod: 'PIX' as RailLiquidityResponse['rails'][number]['paymentMethod'],
          currency: 'BRL',
          available: balance.available,
          observedAt: new Date().toISOString(),
        },
      ],
    };
    outgoing.writeHead(incoming.url === '/internal/rail-liquidity' ? 200 : 404, {
      'content-type': 'application/json',
    });
    outgoing.end(JSON.stringify(answer));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// A payout rail whose available balance is below what a quote would pay out refuses the quote.
describe('quotes and the rails liquidity', () => {
  let database: TestDatabase;
  const bus = new InMemoryEventBus();
  const balance = { available: '1000000.00' };
  let source: Server;
  let quoteService: RunningService;
  let gateway: RunningService;
  let http: ReturnType<typeof request>;
  let apiKey: string;

  beforeAll(async () => {
    database = await startTestDatabase();
    await bus.connect();
    source = await startLiquiditySource(balance);
    quoteService = await startTestService(quoteServiceDefinition, {
      databaseUrl: database.url,
      bus,
      env: {
        TRANSACTION_SERVICE_URL: `http://127.0.0.1:${(source.address() as AddressInfo).port}`,
        RAIL_LIQUIDITY_REFRESH_MS: '500',
      },
    });
    gateway = await startTestService(apiGatewayDefinition, {
      databaseUrl: database.url,
      bus,
      env: testGatewayEnv({ quote: quoteService.url }),
    });
    http = request(gateway.app.getHttpServer());
    ({ apiKey } = (
      await http
        .post('/ops/partners')
        .set('X-OPS-API-KEY', TEST_OPS_API_KEY)
        .send({ name: 'Liquid' })
        .expect(201)
    ).body);
  });

  afterAll(async () => {
    await gateway.close();
    await quoteService.close();
    await new Promise((resolve) => source.close(resolve));
    await bus.disconnect();
    await database.drop();
  });

  const quote = (amount: number) => http.post('/quote').set('X-API-Key', apiKey).send(pixQuote(amount));

  it('refuses a payout quote above the rail balance with 422 insufficient_liquidity, and quotes again once topped up', async () => {
    await quote(5000).expect(200);

    balance.available = '4999.99';
    await expectEventually(async () => expect((await quote(5000)).status).toBe(422));
    const refused = await quote(5000);
    expect(refused.body).toEqual({
      code: 'insufficient_liquidity',
      reason:
        'The available liquidity for this method is below the requested amount of 5000.00 BRL via PIX; try a smaller amount or again later',
      retryable: true,
    });
    await quote(4999.99).expect(200);
    // Bre-B has no balance reported: nothing limits it.
    await http
      .post('/quote')
      .set('X-API-Key', apiKey)
      .send({ ...pixQuote(400000), payment_method: 'BREB', target_currency: 'COP' })
      .expect(200);

    balance.available = '5000.00';
    await expectEventually(async () => expect((await quote(5000)).status).toBe(200));
  });

  // A balance is parsed when it is read, not on every quote: one that is not a decimal fails that
  // refresh, which keeps the balances read before it, and every quote is still answered.
  it('keeps the last good balances when transaction-service answers one that is not a decimal', async () => {
    balance.available = '2000.00';
    await expectEventually(async () => expect((await quote(3000)).status).toBe(422));

    balance.available = 'lots';
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await quote(3000).expect(422)).body.code).toBe('insufficient_liquidity');
    await quote(1500).expect(200);

    balance.available = '1000000.00';
    await expectEventually(async () => expect((await quote(3000)).status).toBe(200));
  });

  // The cap is checked by the quote's insert, after the liquidity: a quote over both still names the cap.
  it('refuses a payout over both its rail cap and the rail balance for the cap, and one within the cap for the balance', async () => {
    const setPerTransactionCap = (perTransaction: string | null) =>
      http
        .put('/ops/corridors/caps/PIX/BRL')
        .set('X-OPS-API-KEY', TEST_OPS_API_KEY)
        .set('X-Operator', 'ana')
        .send({
          perTransaction,
          perUserDailyAmount: null,
          perUserDailyCount: null,
          perPaymentMethodDailyAmount: null,
        })
        .expect(200);
    await setPerTransactionCap('3000.50');
    expect((await quote(3000.51).expect(400)).body).toEqual({
      code: 'amount_above_transaction_limit',
      reason: 'The amount is above the PIX limit of 3000.5 BRL per transaction',
      retryable: false,
    });
    await quote(3000.5).expect(200);

    balance.available = '2000.00';
    await expectEventually(async () => expect((await quote(3000.5)).status).toBe(422));
    expect((await quote(3000.51).expect(400)).body.code).toBe('amount_above_transaction_limit');
    expect((await quote(2500).expect(422)).body.code).toBe('insufficient_liquidity');

    await setPerTransactionCap(null);
    balance.available = '1000000.00';
    await expectEventually(async () => expect((await quote(3000.51)).status).toBe(200));
  });
});
