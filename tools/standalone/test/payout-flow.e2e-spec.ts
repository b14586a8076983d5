import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createLogger } from '@platform/logging';
import { expectEventually } from '@platform/test-support';
import { payDepositTarget } from '../../sandbox/src/deposits/pay-deposit-target.js';
import type { DepositTarget } from '../../sandbox/src/deposits/sandbox-deposit.js';
import { startStandalone, type Standalone } from '../src/start-standalone.js';

const run = promisify(execFile);

// The fields of the answers this suite reads.
interface Answer {
  readonly quote_id?: string;
  readonly id?: string;
  readonly status?: string;
  readonly on_chain_tx_hash?: string | null;
  readonly payment_context?: { readonly amount: number };
}

// A transfer listed by `deposit unmatched`.
interface HeldTransfer {
  readonly id: string;
  readonly on_chain_tx: string;
  readonly sender: string;
}

// The whole payout product on real (simulated) chains and rails: quote, accept, a real deposit
// by the CLI, chain-watchers' stream (Stellar) or notify (Solana, Celo), transaction-service's
// funding rules and payout worker, the PIX and Bre-B simulators.
describe('payout flow on the sandbox', () => {
  let dataDir: string;
  let system: Standalone;
  let opsKey: string;
  let apiKey: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'payout-flow-'));
    // The CLI runs from the compiled output, as `npm run cli` does.
    await run('node', ['tools/build/build.mjs', '--quiet']);
    system = await startStandalone({
      port: 0,
      dataDir,
      logLevel: 'silent',
      logger: createLogger({ service: 'payout-flow-test', level: 'silent' }),
      baseEnv: {},
    });
    opsKey = (JSON.parse(await readFile(join(dataDir, 'secrets.json'), 'utf8')) as { opsApiKey: string })
      .opsApiKey;
    apiKey = (await cli('partner', 'create', '--name', 'Payout flow')).apiKey;
    // A build and every app booting in one process: past the suites' 2 minutes on a loaded machine.
  }, 300_000);

  afterAll(async () => {
    await system?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function cli(...args: string[]) {
    const { stdout } = await run(
      'node',
      ['dist/tools/cli/src/main.js', ...args, '--url', system.gatewayUrl],
      {
        env: { ...process.env, DATA_DIR: dataDir },
      },
    );
    return JSON.parse(stdout.trim().split('\n').at(-1)!);
  }

  async function api(method: string, path: string, body?: object, key = apiKey) {
    const response = await fetch(`${system.gatewayUrl}${path}`, {
      method,
      headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Answer };
  }

  async function accept(network: string, method: string, currency: string, account: string) {
    const route = { crypto_currency: 'USDC', network, payment_method: method, target_currency: currency };
    const quote = await api('POST', '/quote', { amount: currency === 'COP' ? 100000 : 100, ...route });
    const accepted = await api('POST', '/transaction', {
      quote_id: quote.body.quote_id,
      user_id: 'flow-user',
      account_number: account,
    });
    expect(accepted.status).toBe(200);
    return accepted.body as { id: string; payment_context: { amount: number } };
  }

  async function deposit(
    id: string,
    ...options: string[]
  ): Promise<{ blockchain: string; onChainTx: string }> {
    return cli('sandbox', 'deposit', '--transaction-id', id, ...options);
  }

  const notify = (blockchain: string, onChainTx: string, id: string) =>
    api('POST', '/payments/notify', { blockchain, on_chain_tx: onChainTx, transaction_id: id });

  const settlesAt = async (id: string, status: string) =>
    // Far shorter than chain-watchers' periodic Stellar reconciliation (60 s): no deposit here
    // may wait for it.
    expectEventually(async () => expect((await api('GET', `/transaction/${id}`)).body.status).toBe(status), {
      timeoutMs: 30_000,
      intervalMs: 200,
    });
  // Any ops route's answer, as JSON.
  const ops = async (path: string): Promise<Record<string, unknown>> =>
    (await (
      await fetch(`${system.gatewayUrl}${path}`, { headers: { 'X-OPS-API-KEY': opsKey } })
    ).json()) as Record<string, unknown>;
  const timelineOf = async (id: string) =>
    (await (
      await fetch(`${system.gatewayUrl}/transaction/${id}/timeline`, { headers: { 'X-API-Key': apiKey } })
    ).json()) as {
      deposits: Array<{ onChainTx: string; amount: string; outcome: string }>;
      refunds: Array<{ status: string; amount: string; reason: string }>;
    };
  // The refunds the transaction's timeline lists (a refund moves no status and is not journaled).
  const refundsOf = async (id: string) => (await timelineOf(id)).refunds.map(({ status }) => status);

  it.each([
    // First, right after boot: chain-watchers may not have opened its Stellar stream yet; the
    // stream's opening look-back records a payment made before it.
    ['STELLAR', 'BREB', 'COP', '3001234567'],
    ['SOLANA', 'PIX', 'BRL', '52998224725'],
    ['CELO', 'PIX', 'BRL', '52998224725'],
  ])(
    'pays out a %s deposit: quote, accept, deposit, PAYMENT_COMPLETED',
    async (network, method, currency, account) => {
      const accepted = await accept(network, method, currency, account);
      const paid = await deposit(accepted.id);
      // chain-watchers reads the deposit addresses and mints through a cache (UPSTREAM_CACHE_MS)
      // filled before the standalone pointed them at the sandbox: right after boot it may not yet
      // count the sandbox mint as a deposit, and notify is refused until it does.
      if (network !== 'STELLAR') {
        await expectEventually(
          async () =>
            expect(await notify(network, paid.onChainTx, accepted.id)).toEqual({
              status: 202,
              body: { enqueued: true },
            }),
          { timeoutMs: 20_000, intervalMs: 500 },
        );
      }
      await settlesAt(accepted.id, 'PAYMENT_COMPLETED');
      expect((await api('GET', `/transaction/${accepted.id}`)).body.on_chain_tx_hash).toBe(paid.onChainTx);
    },
    90_000,
  );

  it('refunds an underpayment as WRONG_AMOUNT', async () => {
    const accepted = await accept('SOLANA', 'PIX', 'BRL', '52998224725');
    const paid = await deposit(accepted.id, '--amount', '1.5');
    expect((await notify('SOLANA', paid.onChainTx, accepted.id)).status).toBe(202);
    await settlesAt(accepted.id, 'WRONG_AMOUNT');
    // chain-watchers sends the refund from the sandbox treasury and reports it.
    await expectEventually(async () => expect(await refundsOf(accepted.id)).toEqual(['SENT']));
  }, 90_000);

  it('pays out an overpayment and refunds the excess', async () => {
    const accepted = await accept('CELO', 'PIX', 'BRL', '52998224725');
    const paid = await deposit(accepted.id, '--amount', String(accepted.payment_context.amount + 5));
    expect((await notify('CELO', paid.onChainTx, accepted.id)).status).toBe(202);
    await settlesAt(accepted.id, 'PAYMENT_COMPLETED');
    // chain-watchers sends the refund from the sandbox treasury and reports it.
    await expectEventually(async () => expect(await refundsOf(accepted.id)).toEqual(['SENT']));
  }, 90_000);

  it('leaves a Stellar deposit without memo unmatched, for the reconcile endpoint', async () => {
    const accepted = await accept('STELLAR', 'BREB', 'COP', '3001234567');
    const paid = await deposit(accepted.id, '--no-memo');
    const reconcile = async (body: object) =>
      (
        await fetch(`${system.gatewayUrl}/ops/transactions/reconcile-hash`, {
          method: 'POST',
          headers: { 'X-OPS-API-KEY': opsKey, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json();
    // The operator finds it among the unmatched deposits, then names its transaction.
    await expectEventually(async () =>
      expect((await cli('deposit', 'unmatched')).deposits).toContainEqual(
        expect.objectContaining({ on_chain_tx: paid.onChainTx, reason: 'The transfer carries no memo' }),
      ),
    );
    expect(await reconcile({ blockchain: 'STELLAR', on_chain_tx: paid.onChainTx })).toEqual(
      expect.objectContaining({ result: 'unresolved', reason: 'The transfer carries no memo' }),
    );
    expect((await api('GET', `/transaction/${accepted.id}`)).body.status).toBe('AWAITING_PAYMENT');
    expect(
      await reconcile({ blockchain: 'STELLAR', on_chain_tx: paid.onChainTx, transaction_id: accepted.id }),
    ).toEqual(expect.objectContaining({ result: 'enqueued', status: 'PROCESSING_PAYMENT' }));
    await settlesAt(accepted.id, 'PAYMENT_COMPLETED');
  }, 90_000);

  it('sends a Stellar transfer without memo back from the CLI, audited under the operator it names', async () => {
    const accepted = await accept('STELLAR', 'PIX', 'BRL', '52998224725');
    const paid = await deposit(accepted.id, '--no-memo', '--amount', '2.75');
    const held = await expectEventually(
      async () => {
        const listed = (await cli('deposit', 'unmatched')).deposits as HeldTransfer[];
        const found = listed.find((candidate) => candidate.on_chain_tx === paid.onChainTx);
        expect(found).toBeDefined();
        return found!;
      },
      { timeoutMs: 30_000 },
    );

    const refunded = await cli('deposit', 'refund', '--id', held.id, '--operator', 'ana@ops');

    expect(refunded).toMatchObject({
      outcome: 'REFUNDED',
      resolution: { action: 'refund', actor: 'ana@ops', destination: held.sender },
      refunds: [{ amount: '2.75', reason: 'UNMATCHED' }],
    });
    expect((await cli('deposit', 'audit')).entries[0]).toMatchObject({
      actor: 'ana@ops',
      action: 'refund',
      depositId: held.id,
    });
  }, 90_000);

  it('fails the payout to a PIX key the rail refuses (ending in 0) and refunds the deposit', async () => {
    const accepted = await accept('CELO', 'PIX', 'BRL', '+5511987654320');
    const paid = await deposit(accepted.id);
    expect((await notify('CELO', paid.onChainTx, accepted.id)).status).toBe(202);
    await settlesAt(accepted.id, 'PAYMENT_FAILED');
    // chain-watchers sends the refund from the sandbox treasury and reports it.
    await expectEventually(async () => expect(await refundsOf(accepted.id)).toEqual(['SENT']));
  }, 90_000);

  it.each(['SOLANA', 'CELO'])(
    'refunds a second transfer to a paid %s address by itself, as an excess',
    async (network) => {
      const accepted = await accept(network, 'PIX', 'BRL', '52998224725');
      const paid = await deposit(accepted.id);
      expect((await notify(network, paid.onChainTx, accepted.id)).status).toBe(202);
      await settlesAt(accepted.id, 'PAYMENT_COMPLETED');
      // Nobody reports it: chain-watchers' watch finds it on the transaction's own address.
      const target = (await ops(`/ops/transactions/${accepted.id}`)).payment_context as DepositTarget;
      const again = await payDepositTarget(target, { amount: '1.5' });
      await expectEventually(
        async () => {
          const { deposits, refunds } = await timelineOf(accepted.id);
          expect(deposits).toEqual([
            expect.objectContaining({ onChainTx: paid.onChainTx, outcome: 'FUNDED' }),
            expect.objectContaining({ onChainTx: again.onChainTx, amount: '1.5', outcome: 'REFUNDED' }),
          ]);
          expect(refunds).toEqual([
            expect.objectContaining({ amount: '1.5', reason: 'EXCESS', status: 'SENT' }),
          ]);
        },
        { timeoutMs: 60_000, intervalMs: 500 },
      );
    },
    120_000,
  );

  it("answers 404 to a notify for another partner's transaction", async () => {
    const accepted = await accept('SOLANA', 'PIX', 'BRL', '52998224725');
    const other = (await cli('partner', 'create', '--name', 'Someone else')).apiKey as string;
    const answer = await api(
      'POST',
      '/payments/notify',
      { blockchain: 'SOLANA', on_chain_tx: '1'.repeat(88), transaction_id: accepted.id },
      other,
    );
    expect(answer).toEqual({
      status: 404,
      body: { code: 'transaction_not_found', reason: 'Transaction not found', retryable: false },
    });
  }, 90_000);

  // Last: after every flow above, each unit that reached the sandbox's addresses is funded,
  // refunded or held, and the sandbox treasury's own funding (paid by the token issuer at start)
  // is neither a customer's deposit nor an unmatched one.
  it('keeps the books: the difference is zero for every chain and currency', async () => {
    await expectEventually(
      async () => {
        const { entries } = (await ops('/ops/ledger')) as unknown as {
          entries: Array<Record<string, string>>;
        };
        expect(entries.length).toBeGreaterThan(0);
        for (const entry of entries) expect(entry).toEqual(expect.objectContaining({ difference: '0' }));
        expect(entries).toContainEqual(
          expect.objectContaining({
            blockchain: 'STELLAR',
            cryptoCurrency: 'USDC',
            treasuryFunded: '1000000',
          }),
        );
      },
      { timeoutMs: 60_000, intervalMs: 1_000 },
    );
    const { deposits } = (await ops('/ops/deposits/unmatched')) as unknown as {
      deposits: Array<{ amount: string }>;
    };
    expect(deposits.filter(({ amount }) => amount === '1000000')).toEqual([]);
  }, 90_000);
});
