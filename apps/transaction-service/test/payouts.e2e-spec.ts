import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import request from 'supertest';
import { SpanKind, startTracing } from '@platform/logging';
import { expectEventually } from '@platform/test-support';
import type { RefundRequestedV1 } from '@shared/contracts';
// The sandbox is a tool, not a lib: e2e suites start its simulators from source (tools/sandbox/README.md).
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startRailSimulator, type RailSimulator } from '../../../tools/sandbox/src/rails/rail.simulator.js';
import { FakeChainWatchers } from './fake-chain-watchers.js';
import { openTransaction } from './funded-transactions.js';
import {
  BREB_MOBILE,
  CELO_PIX,
  SOLANA_PIX,
  TransactionSystem,
  type Partner,
  type QuoteRequest,
} from './transaction-system.js';

const CALLBACK_SECRET = 'rail-callback-secret-of-32-characters!';
// The PIX simulator fails a payout to a key ending in 0 with INVALID_ACCOUNT.
const FAILING_PIX_PHONE = '+5511987654320';
const PIX_PHONE = '+5511987654322';

// Funded transactions are paid out through the PIX and Bre-B rail simulators by the durable
// payout worker (polling), exactly once per transaction.
describe('payouts through the rail simulators', () => {
  const system = new TransactionSystem();
  const chain = new FakeChainWatchers();
  const refunds: RefundRequestedV1[] = [];
  let pix: RailSimulator;
  let breb: RailSimulator;
  let partner: Partner;
  const spans = new InMemorySpanExporter();

  beforeAll(async () => {
    // Before the apps start (the first one's call registers the process's tracing): the suite
    // reads the finished spans.
    startTracing({ serviceName: 'payouts-e2e', spanProcessors: [new SimpleSpanProcessor(spans)] });
    pix = await startRailSimulator({ rail: 'PIX', settleMs: 20 });
    breb = await startRailSimulator({ rail: 'BREB', settleMs: 20 });
    await system.start({
      CHAIN_WATCHERS_URL: await chain.start(),
      PIX_RAIL_URL: pix.url,
      BREB_RAIL_URL: breb.url,
      PAYOUT_RETRY_MS: '100',
      RAIL_CALLBACK_SECRET: CALLBACK_SECRET,
      RAIL_LIQUIDITY_REFRESH_MS: '1000',
      RAIL_LIQUIDITY_FLOORS: 'PIX=50000',
    });
    await system.startWebhookDispatcher();
    await system.bus.subscribe({
      groupId: 'payouts-test',
      topics: ['chain.refund.requested.v1'],
      handle: async (event) => void refunds.push(event.payload as RefundRequestedV1),
    });
    partner = await system.createPartner('Payouts');
  });

  afterAll(async () => {
    await system.stop();
    await chain.stop();
    await pix.close();
    await breb.close();
  });

  // Accepts a quote to `account` and funds it exactly by notify.
  async function fund(route: QuoteRequest = SOLANA_PIX, account = PIX_PHONE): Promise<string> {
    const { id, fact } = await openTransaction(system, partner, route, account);
    chain.answer(fact.onChainTx, { status: 'found', transfers: [fact] });
    await system.http
      .post('/payments/notify')
      .set('X-API-Key', partner.apiKey)
      .send({ blockchain: fact.blockchain, on_chain_tx: fact.onChainTx, transaction_id: id })
      .expect(202);
    return id;
  }

  const statusOf = async (id: string) =>
    (await system.http.get(`/transaction/${id}`).set('X-API-Key', partner.apiKey).expect(200)).body.status;
  const payoutRow = async (id: string) =>
    (
      await system.sql<{ status: string; rail_reference: string | null; failure_reason: string | null }>(
        'SELECT status, rail_reference, failure_reason FROM "transaction"."payout" WHERE transaction_id = $1',
        [id],
      )
    )[0];

  // What the RailLiquidityBelowFloor alert and the dashboard read (k8s/observability).
  it("reports each rail's liquidity on /metrics beside its floor, and follows the rail's balance", async () => {
    const metric = async (name: string, rail: string) => {
      const text = (await request(system.transactionService.url).get('/metrics').expect(200)).text;
      const line = text.split('\n').find((row) => row.startsWith(`${name}{rail="${rail}",`));
      return line?.slice(line.lastIndexOf(' ') + 1);
    };
    pix.setBalance('40000.25');
    await expectEventually(
      async () => expect(await metric('payout_rail_liquidity', 'PIX')).toBe('40000.25'),
      {
        intervalMs: 200,
      },
    );
    expect(await metric('payout_rail_liquidity_floor', 'PIX')).toBe('50000');
    expect(await metric('payout_rail_liquidity_floor', 'BREB')).toBe('0');
    expect(await metric('payout_rail_liquidity', 'BREB')).toBe(String(Number(breb.balance())));
  });

  it('pays a funded PIX transaction once and completes it with the rail reference', async () => {
    const id = await fund();
    await expectEventually(async () => expect(await statusOf(id)).toBe('PAYMENT_COMPLETED'));
    const sent = pix.payouts().filter(({ reference }) => reference === id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual(
      expect.objectContaining({ currency: 'BRL', recipientKey: PIX_PHONE, status: 'SETTLED' }),
    );
    expect(await payoutRow(id)).toEqual({
      status: 'SETTLED',
      rail_reference: sent[0]!.id,
      failure_reason: null,
    });
  });

  // A payout is one trace: the partner's POST /transaction through the gateway to the service,
  // then each of its status events through the outbox to a consumer (webhook-dispatcher), the
  // funding and payout ones too although a notify request and the payout worker set them off.
  it('keeps a payout in the trace of the request that created it, from the gateway to the events consumed', async () => {
    const id = await fund();
    await expectEventually(async () => expect(await statusOf(id)).toBe('PAYMENT_COMPLETED'));
    const [{ traceparent }] = await system.sql<{ traceparent: string }>(
      'SELECT traceparent FROM "transaction"."transaction" WHERE id = $1',
      [id],
    );
    const traceId = traceparent.split('-')[1];
    const topic = 'payout.transaction.status-changed.v1';
    const inTrace = () =>
      spans
        .getFinishedSpans()
        .filter((span: ReadableSpan) => span.spanContext().traceId === traceId)
        .map((span) => `${SpanKind[span.kind]} ${span.name}`);

    await expectEventually(() => {
      const found = inTrace();
      expect(found).toEqual(
        expect.arrayContaining([
          // The gateway's server and client spans, the service's server span.
          'SERVER POST proxy:transaction',
          'CLIENT POST transaction',
          'SERVER POST /transaction',
          // Set off by the notify request and by the payout worker, in this trace all the same.
          'INTERNAL apply deposit',
          'INTERNAL process payout',
        ]),
      );
      expect(found.filter((span) => span === `PRODUCER publish ${topic}`)).toHaveLength(3);
      expect(found.filter((span) => span === `CONSUMER consume ${topic}`)).toHaveLength(3);
    });
    const events = system.events.filter((event) => event.payload.transactionId === id);
    expect(events.map((event) => [event.payload.status, event.traceparent?.split('-')[1]])).toEqual([
      ['AWAITING_PAYMENT', traceId],
      ['PROCESSING_PAYMENT', traceId],
      ['PAYMENT_COMPLETED', traceId],
    ]);
  });

  it('pays a Bre-B transaction in whole pesos', async () => {
    const quote = {
      amount: 400000,
      crypto_currency: 'USDC',
      network: 'SOLANA',
      payment_method: 'BREB',
      target_currency: 'COP',
    };
    const id = await fund(quote, BREB_MOBILE);
    await expectEventually(async () => expect(await statusOf(id)).toBe('PAYMENT_COMPLETED'));
    expect(breb.payouts().filter(({ reference }) => reference === id)).toEqual([
      expect.objectContaining({ amount: '400000', currency: 'COP' }),
    ]);
  });

  it('fails the transaction when the rail refuses the account and refunds what the payout would have used', async () => {
    const id = await fund(CELO_PIX, FAILING_PIX_PHONE);
    await expectEventually(async () => expect(await statusOf(id)).toBe('PAYMENT_FAILED'));
    expect(await payoutRow(id)).toEqual(
      expect.objectContaining({ status: 'FAILED', failure_reason: 'INVALID_ACCOUNT' }),
    );
    await expectEventually(async () =>
      expect(refunds.filter(({ transactionId }) => transactionId === id)).toEqual([
        expect.objectContaining({
          reason: 'PAYOUT_FAILED',
          cryptoCurrency: 'USDT',
          destination: 'SenderWallet111',
        }),
      ]),
    );
  });

  it('re-running the payout step after a crash before its outcome was committed pays nobody twice', async () => {
    const id = await fund();
    await expectEventually(async () => expect(await statusOf(id)).toBe('PAYMENT_COMPLETED'));
    const journal = (await system.ops().get(`/ops/transactions/${id}`).expect(200)).body.journal;
    // As if the process died after the rail accepted the payout and before anything was recorded.
    await system.sql(
      `UPDATE "transaction"."payout" SET status = 'PENDING', rail_reference = NULL, next_attempt_at = now()
       WHERE transaction_id = $1`,
      [id],
    );
    await expectEventually(async () => expect((await payoutRow(id))!.status).toBe('SETTLED'));
    expect(pix.payouts().filter(({ reference }) => reference === id)).toHaveLength(1);
    expect((await system.ops().get(`/ops/transactions/${id}`).expect(200)).body.journal).toEqual(journal);
  });

  describe('rail callbacks', () => {
    const callback = (secret: string, body: object) =>
      request(system.transactionService.app.getHttpServer()).post(`/rail-callbacks/${secret}`).send(body);

    it('acknowledges a callback with the configured secret', async () => {
      await callback(CALLBACK_SECRET, { id: 'x', reference: randomUUID(), status: 'SETTLED' }).expect(204);
    });

    it('answers 404 to a callback with another secret', async () => {
      await callback('not-the-secret', { reference: randomUUID() }).expect(404);
    });
  });
});
