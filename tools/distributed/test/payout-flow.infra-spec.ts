import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { expectEventually } from '@platform/test-support';
import { TEST_OPS_API_KEY } from '@platform/testing';
import { payDepositTarget } from '../../sandbox/src/deposits/pay-deposit-target.js';
import type { DepositTarget } from '../../sandbox/src/deposits/sandbox-deposit.js';
import type { ReceivedRequest } from '../../sandbox/src/webhook-receiver/webhook-receiver.simulator.js';
import { DistributedPayoutSystem } from './distributed-payout-system.js';

interface WebhookBody {
  readonly type: string;
  readonly data: {
    readonly id: string;
    readonly status: string;
    readonly sequence: number;
    readonly refund?: { readonly status: string; readonly reason: string; readonly amount: string } | null;
  };
}

const ROUTES = {
  STELLAR: { crypto_currency: 'USDC', network: 'STELLAR', payment_method: 'BREB', target_currency: 'COP' },
  SOLANA: { crypto_currency: 'USDC', network: 'SOLANA', payment_method: 'PIX', target_currency: 'BRL' },
  CELO: { crypto_currency: 'USDT', network: 'CELO', payment_method: 'PIX', target_currency: 'BRL' },
} as const;
type Chain = keyof typeof ROUTES;

const PIX_CPF = '52998224725';
const BREB_MOBILE = '3001234567';
// The PIX sandbox fails a payout whose key ends in 0 (INVALID_ACCOUNT).
const FAILING_PIX_PHONE = '+5511987654320';

// The payout product as a partner meets it, every app on real PostgreSQL and the Kafka bus:
// quote, accept, a real transfer on the simulated chain, the payout on the simulated rail, and
// the signed webhooks, in order per transaction.
describe('payout flow, distributed', () => {
  const system = new DistributedPayoutSystem();
  let apiKey: string;
  let secret: string;
  const hookPath = `/hooks/partner-${system.run}`;

  const call = async (method: string, path: string, body?: object, headers: Record<string, string> = {}) => {
    const response = await fetch(`${system.gatewayUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  const partner = (method: string, path: string, body?: object) =>
    call(method, path, body, { 'x-api-key': apiKey });

  beforeAll(async () => {
    await system.start();
    const created = await call(
      'POST',
      '/ops/partners',
      { name: 'Payout flow' },
      { 'x-ops-api-key': TEST_OPS_API_KEY },
    );
    expect(created.status).toBe(201);
    apiKey = created.body.apiKey;
    const registered = await partner('PUT', '/webhooks/endpoint', {
      url: `${system.sandbox.webhookReceiver.url}${hookPath}`,
    });
    expect(registered.status).toBe(201);
    secret = registered.body.secret;
  }, 180_000);

  afterAll(async () => {
    await system.stop();
  }, 60_000);

  async function accept(chain: Chain, account: string): Promise<{ id: string; target: DepositTarget }> {
    const route = ROUTES[chain];
    const quote = await partner('POST', '/quote', {
      amount: route.target_currency === 'COP' ? 100000 : 100,
      ...route,
    });
    expect(quote).toMatchObject({ status: 200 });
    const accepted = await partner('POST', '/transaction', {
      quote_id: quote.body.quote_id,
      user_id: `user-${chain.toLowerCase()}`,
      account_number: account,
    });
    expect(accepted).toMatchObject({ status: 200 });
    const ops = await call('GET', `/ops/transactions/${accepted.body.id}`, undefined, {
      'x-ops-api-key': TEST_OPS_API_KEY,
    });
    return { id: accepted.body.id, target: ops.body.payment_context as DepositTarget };
  }

  // A real transfer on the chain; Solana and Celo wallets then report it, Stellar's stream finds it.
  async function pay(id: string, target: DepositTarget, amount?: string): Promise<void> {
    const receipt = await payDepositTarget(target, { amount });
    if (target.blockchain === 'STELLAR') return;
    const notified = await partner('POST', '/payments/notify', {
      blockchain: target.blockchain,
      on_chain_tx: receipt.onChainTx,
      transaction_id: id,
    });
    expect(notified.status).toBe(202);
  }

  const statusOf = async (id: string) => (await partner('GET', `/transaction/${id}`)).body.status as string;
  const refundsOf = async (id: string) =>
    (await partner('GET', `/transaction/${id}/timeline`)).body.refunds as Array<{ status: string }>;

  // What a careful receiver does: verify each signature, keep one body per Webhook-Id.
  function webhooksOf(id: string): WebhookBody[] {
    const seen = new Set<string>();
    const bodies: WebhookBody[] = [];
    const received = system.sandbox.webhookReceiver
      .received()
      .filter((r: ReceivedRequest) => r.path === hookPath);
    for (const webhook of received) {
      const webhookId = String(webhook.headers['webhook-id']);
      const signed = `${webhookId}.${webhook.headers['webhook-timestamp']}.${webhook.body}`;
      const signature = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
        .update(signed)
        .digest('base64');
      expect(webhook.headers['webhook-signature']).toBe(`v1,${signature}`);
      const body = JSON.parse(webhook.body) as WebhookBody;
      if (body.data.id !== id || seen.has(webhookId)) continue;
      seen.add(webhookId);
      bodies.push(body);
    }
    return bodies;
  }

  // A payout is one trace from its POST /transaction to its last webhook: every app's line about
  // the transaction carries the trace id of the gateway's line for the request that created it.
  // Answers those lines' messages by app.
  function oneTraceOf(id: string): Record<string, string[]> {
    const lines = system.logs.where('transactionId', id);
    const traceId = lines.find((line) => line.service === 'transaction-service')?.trace_id;
    expect(traceId).toEqual(expect.stringMatching(/^[0-9a-f]{32}$/));
    const created = system.logs
      .where('trace_id', traceId!)
      .filter((line) => line.service === 'api-gateway' && line.method === 'POST');
    expect(created.map((line) => line.path)).toEqual(['/transaction']);
    expect(lines.filter((line) => line.trace_id !== traceId).map((line) => [line.service, line.msg])).toEqual(
      [],
    );
    const messages: Record<string, string[]> = {};
    for (const line of lines) (messages[line.service] ??= []).push(line.msg);
    return messages;
  }

  it.each([
    ['STELLAR', BREB_MOBILE],
    ['SOLANA', PIX_CPF],
    ['CELO', PIX_CPF],
  ] as const)(
    'pays a %s transaction out and tells the partner each step, signed and in order',
    async (chain, account) => {
      const { id, target } = await accept(chain, account);
      expect(target).toMatchObject({ blockchain: chain, rpcUrl: expect.any(String) });

      await pay(id, target);

      await expectEventually(async () => expect(await statusOf(id)).toBe('PAYMENT_COMPLETED'), {
        timeoutMs: 45_000,
      });
      await expectEventually(
        () =>
          expect(webhooksOf(id).map(({ type, data }) => [type, data.status])).toEqual([
            ['transaction.created', 'AWAITING_PAYMENT'],
            ['transaction.updated', 'PROCESSING_PAYMENT'],
            ['transaction.updated', 'PAYMENT_COMPLETED'],
          ]),
        { timeoutMs: 30_000 },
      );
      expect(webhooksOf(id).map(({ data }) => data.sequence)).toEqual([1, 2, 3]);
      await expectEventually(
        () => {
          const messages = oneTraceOf(id);
          expect(messages['chain-watchers']).toEqual(['deposit reported']);
          expect(messages['webhook-dispatcher']).toEqual(Array(3).fill('webhook attempted'));
        },
        { timeoutMs: 10_000 },
      );
    },
    90_000,
  );

  // What the partner sees: each status move as one webhook, in order, the move that asks for a
  // refund carrying it.
  const timeline = (id: string) =>
    webhooksOf(id).map(({ type, data }) => [type, data.status, data.refund ? data.refund.reason : null]);

  it('moves an underpaid Stellar transaction to WRONG_AMOUNT and tells the partner the transfer is refunded', async () => {
    const { id, target } = await accept('STELLAR', BREB_MOBILE);

    await pay(id, target, '1.5');

    await expectEventually(async () => expect(await statusOf(id)).toBe('WRONG_AMOUNT'), {
      timeoutMs: 45_000,
    });
    await expectEventually(
      () =>
        expect(timeline(id)).toEqual([
          ['transaction.created', 'AWAITING_PAYMENT', null],
          ['transaction.updated', 'WRONG_AMOUNT', 'WRONG_AMOUNT'],
        ]),
      { timeoutMs: 30_000 },
    );
    expect(webhooksOf(id).at(-1)!.data.refund).toEqual(
      expect.objectContaining({ status: 'REQUESTED', amount: '1.5', reason: 'WRONG_AMOUNT' }),
    );
  }, 90_000);

  it('fails a Celo transaction whose PIX key the rail refuses and tells the partner the deposit is refunded', async () => {
    const { id, target } = await accept('CELO', FAILING_PIX_PHONE);

    await pay(id, target);

    await expectEventually(async () => expect(await statusOf(id)).toBe('PAYMENT_FAILED'), {
      timeoutMs: 45_000,
    });
    await expectEventually(
      () =>
        expect(timeline(id)).toEqual([
          ['transaction.created', 'AWAITING_PAYMENT', null],
          ['transaction.updated', 'PROCESSING_PAYMENT', null],
          ['transaction.updated', 'PAYMENT_FAILED', 'PAYOUT_FAILED'],
        ]),
      { timeoutMs: 30_000 },
    );
    expect(webhooksOf(id).at(-1)!.data.refund).toEqual(
      expect.objectContaining({
        status: 'REQUESTED',
        amount: String(target.amount),
        reason: 'PAYOUT_FAILED',
      }),
    );
    // The refund is sent on chain and no webhook follows: three states, three webhooks.
    await expectEventually(
      async () => expect((await refundsOf(id)).map(({ status }) => status)).toEqual(['SENT']),
      {
        timeoutMs: 45_000,
      },
    );
    expect(webhooksOf(id)).toHaveLength(3);
    // The refund the failed payout asked for is sent, and its outcome recorded, in the payout's trace.
    await expectEventually(
      () => {
        const messages = oneTraceOf(id);
        expect(messages['chain-watchers']).toEqual(['deposit reported', 'refund settled']);
        expect(messages['transaction-service']).toContain('refund settled');
      },
      { timeoutMs: 10_000 },
    );
  }, 90_000);

  it.each(['SOLANA', 'CELO'] as const)(
    'refunds a second transfer to a paid %s address by itself, as an excess, without a webhook',
    async (chain) => {
      const { id, target } = await accept(chain, PIX_CPF);
      await pay(id, target);
      await expectEventually(async () => expect(await statusOf(id)).toBe('PAYMENT_COMPLETED'), {
        timeoutMs: 45_000,
      });
      // Nobody reports it: chain-watchers' watch finds it on the transaction's own address.
      const again = await payDepositTarget(target, { amount: '1.5' });
      await expectEventually(
        async () => {
          const timeline = (await partner('GET', `/transaction/${id}/timeline`)).body;
          expect(timeline.deposits).toContainEqual(
            expect.objectContaining({ onChainTx: again.onChainTx, amount: '1.5', outcome: 'REFUNDED' }),
          );
          expect(timeline.refunds).toEqual([
            expect.objectContaining({ amount: '1.5', reason: 'EXCESS', status: 'SENT' }),
          ]);
        },
        { timeoutMs: 60_000, intervalMs: 500 },
      );
      expect(webhooksOf(id)).toHaveLength(3);
    },
    120_000,
  );

  it('lets an operator send back a Stellar transfer without memo and credit another to its transaction', async () => {
    const ops = (method: string, path: string, body?: object) =>
      call(method, path, body, { 'x-ops-api-key': TEST_OPS_API_KEY, 'x-operator': 'ana@ops' });
    const heldAs = async (onChainTx: string): Promise<string> => {
      let id = '';
      await expectEventually(
        async () => {
          const { deposits } = (await ops('GET', '/ops/deposits/unmatched?pageSize=100')).body as {
            deposits: Array<{ id: string; on_chain_tx: string; reason: string }>;
          };
          const held = deposits.find((deposit) => deposit.on_chain_tx === onChainTx);
          expect(held).toEqual(expect.objectContaining({ reason: 'The transfer carries no memo' }));
          id = held!.id;
        },
        { timeoutMs: 45_000 },
      );
      return id;
    };
    const { id, target } = await accept('STELLAR', BREB_MOBILE);

    const stray = await payDepositTarget(target, { amount: '2.5', withoutMemo: true });
    const refunded = await ops('POST', `/ops/deposits/${await heldAs(stray.onChainTx)}/refund`, {});
    expect(refunded).toMatchObject({
      status: 200,
      body: { outcome: 'REFUNDED', resolution: { actor: 'ana@ops' } },
    });

    const payment = await payDepositTarget(target, { withoutMemo: true });
    const assigned = await ops('POST', `/ops/deposits/${await heldAs(payment.onChainTx)}/assign`, {
      transaction_id: id,
    });
    expect(assigned).toMatchObject({ status: 200, body: { outcome: 'FUNDED', transactionId: id } });
    await expectEventually(async () => expect(await statusOf(id)).toBe('PAYMENT_COMPLETED'), {
      timeoutMs: 45_000,
    });
  }, 120_000);

  // Last: every unit that reached the sandbox's addresses in the flows above is funded, refunded
  // or held, on real PostgreSQL and Kafka.
  it('keeps the books: the difference is zero for every chain and currency', async () => {
    await expectEventually(
      async () => {
        const ledger = await call('GET', '/ops/ledger', undefined, { 'x-ops-api-key': TEST_OPS_API_KEY });
        expect(ledger.status).toBe(200);
        const entries = ledger.body.entries as Array<{ difference: string }>;
        expect(entries.length).toBeGreaterThan(0);
        for (const entry of entries) expect(entry).toEqual(expect.objectContaining({ difference: '0' }));
      },
      { timeoutMs: 60_000, intervalMs: 1_000 },
    );
  }, 90_000);
});
