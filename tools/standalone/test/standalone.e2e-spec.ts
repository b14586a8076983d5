import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { InternalTokenService } from '@platform/http';
import { createLogger } from '@platform/logging';
import { expectEventually } from '@platform/test-support';
import { ServiceName } from '@shared/contracts';
import {
  evmSandboxWallet,
  solanaSandboxKeypair,
  stellarSandboxKeypair,
} from '../../sandbox/src/sandbox-wallets.js';
import { startStandalone, type Standalone } from '../src/start-standalone.js';

const run = promisify(execFile);

// The fields of the quote and acceptance answers this suite reads.
interface Answer {
  readonly id: string | null;
  readonly quote_id: string;
  readonly status?: string;
  readonly payment_context: { readonly blockchain: string; readonly depositAddress: string };
}

// The product as a newcomer meets it: every app in one process on embedded PostgreSQL and the
// in-memory bus, the operator CLI against it, and a restart that keeps the data.
describe('standalone mode', () => {
  let dataDir: string;
  let system: Standalone | null = null;

  const start = () =>
    startStandalone({
      port: 0,
      dataDir,
      logLevel: 'silent',
      logger: createLogger({ service: 'standalone-test', level: 'silent' }),
      baseEnv: {},
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'standalone-'));
    // The CLI runs from the compiled output, as `npm run cli` does.
    await run('node', ['tools/build/build.mjs', '--quiet']);
    system = await start();
    // A build and every app booting in one process: past the suites' 2 minutes on a loaded machine.
  }, 300_000);

  afterAll(async () => {
    await system?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const cli = async (...args: string[]) => {
    const { stdout } = await run(
      'node',
      ['dist/tools/cli/src/main.js', ...args, '--url', system!.gatewayUrl],
      {
        env: { ...process.env, DATA_DIR: dataDir },
      },
    );
    return JSON.parse(stdout.trim().split('\n').at(-1)!);
  };
  const partnerApi = (apiKey: string) => {
    const call = async (method: string, path: string, body?: object) => {
      const response = await fetch(`${system!.gatewayUrl}${path}`, {
        method,
        headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, body: (await response.json()) as Answer };
    };
    const post = (path: string, body: object) => call('POST', path, body);
    const accept = async (network: string, method: string, currency: string, account: string) => {
      const route = { crypto_currency: 'USDC', network, payment_method: method, target_currency: currency };
      const quote = await post('/quote', { amount: currency === 'COP' ? 100000 : 100, ...route });
      return post('/transaction', { quote_id: quote.body.quote_id, user_id: 'u-1', account_number: account });
    };
    return { call, post, accept };
  };

  it('starts all seven apps, each ready with its database and the bus', async () => {
    expect(system!.services.map((service) => service.name).sort()).toEqual([
      'api-gateway',
      'chain-watchers',
      'chat-api',
      'kyc-service',
      'quote-service',
      'transaction-service',
      'webhook-dispatcher',
    ]);
    for (const service of system!.services) {
      const response = await fetch(`${service.url}/health/ready`);
      expect({ service: service.name, status: response.status }).toEqual({
        service: service.name,
        status: 200,
      });
    }
  });

  it("exports, from the running apps, every metric the dashboard's panels and the alerts query", async () => {
    const urls = system!.services.map((service) => `${service.url}/metrics`);
    const { stdout } = await run('node', ['tools/k8s/live-metrics.mjs', ...urls]);
    expect(stdout).toMatch(/^every query's metrics are exported/);
  });

  it('serves one API reference in which every answer of every operation has its body schema', async () => {
    const document = (await (await fetch(`${system!.gatewayUrl}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: object }> }>>;
    };
    const withoutSchema = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, { responses }]) =>
        Object.entries(responses)
          .filter(([status, answer]) => status !== '204' && !answer.content)
          .map(([status]) => `${method.toUpperCase()} ${path} ${status}`),
      ),
    );
    expect(withoutSchema).toEqual([]);
    expect(Object.keys(document.paths).length).toBeGreaterThan(20);
  });

  it('points the catalogue and the deposit addresses at the funded sandbox chains', async () => {
    const secrets = JSON.parse(await readFile(join(dataDir, 'secrets.json'), 'utf8')) as {
      opsApiKey: string;
    };
    const ops = async (path: string) =>
      (
        await fetch(`${system!.gatewayUrl}${path}`, { headers: { 'x-ops-api-key': secrets.opsApiKey } })
      ).json();
    const catalogue = JSON.stringify(await ops('/ops/corridors'));
    expect(catalogue).toContain(system!.sandbox.solana.mints.USDC.mint);
    expect(catalogue).toContain(system!.sandbox.evm.tokens.USDT);
    expect(catalogue).toContain(system!.sandbox.horizon.issuers.USDC);
    const addresses = (await ops('/ops/deposit-addresses')) as {
      addresses: Array<{ blockchain: string; address: string; active: boolean }>;
    };
    expect(
      addresses.addresses
        .filter((a) => a.active)
        .map((a) => [a.blockchain, a.address])
        .sort(),
    ).toEqual([
      ['CELO', evmSandboxWallet('treasury').address],
      ['SOLANA', solanaSandboxKeypair('treasury').publicKey.toBase58()],
      ['STELLAR', stellarSandboxKeypair('treasury').publicKey()],
    ]);
  });

  it('creates a partner with the CLI whose key then authenticates, and keeps it across a restart', async () => {
    const { stdout } = await run(
      'node',
      ['dist/tools/cli/src/main.js', 'partner', 'create', '--name', 'Newcomer', '--url', system!.gatewayUrl],
      {
        env: { ...process.env, DATA_DIR: dataDir },
      },
    );
    const created = JSON.parse(stdout.trim().split('\n').at(-1)!) as { partnerId: string; apiKey: string };
    const whoAmI = () => fetch(`${system!.gatewayUrl}/partner`, { headers: { 'X-API-Key': created.apiKey } });

    expect(await (await whoAmI()).json()).toEqual({ id: created.partnerId, name: 'Newcomer' });
    expect((await fetch(`${system!.gatewayUrl}/partner`)).status).toBe(401);

    await system!.stop();
    system = await start();

    expect((await whoAmI()).status).toBe(200);
  });

  it('pays each chain with the CLI sandbox deposit, which chain-watchers sees and the transaction follows', async () => {
    const { apiKey } = await cli('partner', 'create', '--name', 'Depositor');
    const { accept, call, post } = partnerApi(apiKey);
    const secrets = JSON.parse(await readFile(join(dataDir, 'secrets.json'), 'utf8')) as {
      internalAuthSecret: string;
    };
    const token = await new InternalTokenService(secrets.internalAuthSecret).sign({
      kind: 'service',
      service: ServiceName.TransactionService,
    });
    const chainWatchers = system!.services.find((service) => service.name === 'chain-watchers')!;
    const verify = async (blockchain: string, onChainTx: string) =>
      (await (
        await fetch(`${chainWatchers.url}/internal/verify`, {
          method: 'POST',
          headers: { 'x-internal-identity': token, 'content-type': 'application/json' },
          body: JSON.stringify({ blockchain, onChainTx }),
        })
      ).json()) as {
        status: string;
        transfers: Array<{ depositAddress: string; amount: string; memo: string | null }>;
      };

    for (const [network, method, currency, account] of [
      ['STELLAR', 'BREB', 'COP', '3001234567'],
      ['SOLANA', 'PIX', 'BRL', '52998224725'],
      ['CELO', 'PIX', 'BRL', '52998224725'],
    ] as const) {
      const accepted = (await accept(network, method, currency, account)).body as Answer & {
        payment_context: { amount: number; memo: string | null };
      };
      const paid = (await cli('sandbox', 'deposit', '--transaction-id', accepted.id!)) as {
        blockchain: string;
        onChainTx: string;
      };
      expect(paid).toEqual({ blockchain: network, onChainTx: expect.any(String) });
      expect(await verify(network, paid.onChainTx)).toEqual({
        status: 'found',
        transfers: [
          expect.objectContaining({
            depositAddress: accepted.payment_context.depositAddress,
            amount: String(accepted.payment_context.amount),
            memo: accepted.payment_context.memo,
          }),
        ],
      });
      if (network !== 'STELLAR') {
        const notified = await post('/payments/notify', {
          blockchain: network,
          on_chain_tx: paid.onChainTx,
          transaction_id: accepted.id,
        });
        expect(notified.status).toBe(202);
      }
      await expectEventually(async () =>
        expect(
          ((await call('GET', `/transaction/${accepted.id}`)).body as unknown as { status: string }).status,
        ).not.toBe('AWAITING_PAYMENT'),
      );
    }

    const stellar = (await accept('STELLAR', 'BREB', 'COP', '3001234567')).body;
    const unmarked = await cli(
      'sandbox',
      'deposit',
      '--transaction-id',
      stellar.id!,
      '--no-memo',
      '--amount',
      '1.5',
    );
    expect(await verify('STELLAR', unmarked.onChainTx)).toEqual({
      status: 'found',
      transfers: [expect.objectContaining({ amount: '1.5', memo: null })],
    });
    await expect(
      cli('sandbox', 'deposit', '--transaction-id', '00000000-0000-4000-8000-000000000000'),
    ).rejects.toThrow(/answered 404/);
  }, 120_000); // seven CLI processes, each loading a chain SDK

  it('accepts a quote on each chain with the deposit addresses of a fresh install, rotated by the CLI', async () => {
    const { apiKey, partnerId } = await cli('partner', 'create', '--name', 'Payer');
    const { accept } = partnerApi(apiKey);
    for (const [network, method, currency, account] of [
      ['STELLAR', 'BREB', 'COP', '3001234567'],
      ['SOLANA', 'PIX', 'BRL', '52998224725'],
      ['CELO', 'PIX', 'BRL', '52998224725'],
    ] as const) {
      const accepted = await accept(network, method, currency, account);
      expect({ network, status: accepted.status }).toEqual({ network, status: 200 });
      expect(accepted.body.payment_context).toMatchObject({
        blockchain: network,
        depositAddress: expect.any(String),
      });
    }

    const rotated = 'GDQJUTQYK2MQX2VGDR2FYWLIYAQIEGXTQVTFEMGH2BEWFG4BRUY4CKI7';
    await cli('deposit-address', 'set', '--blockchain', 'STELLAR', '--address', rotated);
    expect((await accept('STELLAR', 'BREB', 'COP', '3001234567')).body.payment_context.depositAddress).toBe(
      rotated,
    );

    await cli('kyc-policy', 'set', '--partner-id', partnerId, '--mode', 'always');
    expect(await cli('kyc-policy', 'get', '--partner-id', partnerId)).toMatchObject({ mode: 'always' });
    expect((await accept('SOLANA', 'PIX', 'BRL', '52998224725')).body).toEqual({
      id: null,
      kycRequired: true,
      transaction_reference: null,
      payment_context: null,
    });
  });
});
