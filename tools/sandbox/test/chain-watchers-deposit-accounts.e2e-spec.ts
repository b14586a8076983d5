import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import request from 'supertest';
import { Connection, PublicKey } from '@solana/web3.js';
import { AccountLayout, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Contract, JsonRpcProvider } from 'ethers';
import { chainWatchersDefinition } from '@apps/chain-watchers';
import { InternalTokenService, type RunningService } from '@platform/http';
import { InMemoryEventBus, type EventEnvelope } from '@platform/messaging';
import { expectEventually, startTestDatabase, type TestDatabase } from '@platform/test-support';
import { TEST_INTERNAL_AUTH_SECRET, startTestService } from '@platform/testing';
import { ServiceName, type DepositDetectedV1 } from '@shared/contracts';
import { payDepositTarget } from '../src/deposits/pay-deposit-target.js';
import { sandboxTokenArtifact } from '../src/evm-chain/sandbox-token.artifact.js';
import { evmSandboxWallet, solanaSandboxKeypair } from '../src/sandbox-wallets.js';
import { startSandbox, type Sandbox } from '../src/start-sandbox.js';
import { chainWatchersEnv, startFakeUpstreams, type FakeUpstreams } from './fake-upstreams.js';

type Network = 'SOLANA' | 'CELO';

// chain-watchers' per-transaction deposit addresses on the sandbox chains with the real SDKs: one
// address per transaction, a deposit nobody reported found and announced once, a second or late
// transfer to it found as well, a sweep to the treasury made once even when the answer to its
// broadcast is lost (found again by hash), and a Celo cursor the chain does not confirm answered
// by a rescan, never by silence.
describe('chain-watchers deposit accounts', () => {
  let sandbox: Sandbox;
  let upstreams: FakeUpstreams;
  let database: TestDatabase;
  let sql: pg.Client;
  let service: RunningService;
  let token: string;
  const bus = new InMemoryEventBus();
  const detected: DepositDetectedV1[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox();
    upstreams = await startFakeUpstreams(sandbox);
    database = await startTestDatabase();
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    await bus.connect();
    await bus.subscribe({
      groupId: 'test',
      topics: ['chain.deposit.detected.v1'],
      handle: async (event: EventEnvelope) => void detected.push(event.payload as DepositDetectedV1),
    });
    service = await startTestService(chainWatchersDefinition, {
      databaseUrl: database.url,
      bus,
      env: {
        ...chainWatchersEnv(sandbox, upstreams),
        STELLAR_WATCH: 'false',
        CELO_CONFIRMATIONS: '1',
        DEPOSIT_MASTER_SECRET: 'a-test-master-secret-of-at-least-32-characters',
        DEPOSIT_WATCH_INTERVAL_MS: '200',
        // The look-back reads again the accounts past their watch (Solana), the heights below the
        // cursor (Celo), every second.
        DEPOSIT_LOOK_BACK_INTERVAL_MS: '1000',
        // Sweeps run when the suite asks (POST /internal/sweeps/run).
        SWEEP_INTERVAL_MS: '3600000',
        REFUND_CONFIRM_TIMEOUT_MS: '5000',
        SOLANA_REFUND_SECRET_KEY: JSON.stringify([...solanaSandboxKeypair('treasury').secretKey]),
        CELO_REFUND_PRIVATE_KEY: evmSandboxWallet('treasury').privateKey,
      },
    });
    token = await new InternalTokenService(TEST_INTERNAL_AUTH_SECRET).sign({
      kind: 'service',
      service: ServiceName.TransactionService,
    });
  });
  afterAll(async () => {
    await service?.close();
    await bus.disconnect();
    await sql?.end();
    await database?.drop();
    await upstreams?.close();
    await sandbox?.close();
  });

  const asset = (network: Network) =>
    network === 'SOLANA' ? sandbox.solana.mints.USDC.mint : sandbox.evm.tokens.USDC;
  const open = (body: object) =>
    request(service.url).post('/internal/deposit-accounts').set('x-internal-identity', token).send(body);
  const openFor = async (network: Network, transactionId: string): Promise<string> =>
    (
      await open({
        blockchain: network,
        transactionId,
        asset: asset(network),
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      }).expect(200)
    ).body.address;
  const runSweeps = () =>
    request(service.url).post('/internal/sweeps/run').set('x-internal-identity', token).expect(204);
  const sweepsOf = async (network: Network) =>
    (
      await request(service.url)
        .get(`/internal/sweeps?blockchain=${network}`)
        .set('x-internal-identity', token)
        .expect(200)
    ).body.sweeps as Array<{
      status: string;
      networkFee: string | null;
      items: Array<{ transactionId: string; amount: string }>;
      attempts: Array<{ kind: string; state: string }>;
    }>;
  const treasuryBalance = async (network: Network): Promise<bigint> => {
    if (network === 'SOLANA') {
      const account = getAssociatedTokenAddressSync(
        new PublicKey(sandbox.solana.mints.USDC.mint),
        solanaSandboxKeypair('treasury').publicKey,
        false,
        new PublicKey(sandbox.solana.mints.USDC.programId),
      );
      const info = await new Connection(sandbox.solana.url, 'confirmed').getAccountInfo(account);
      return AccountLayout.decode(info!.data).amount;
    }
    const provider = new JsonRpcProvider(sandbox.evm.url, 42220, { staticNetwork: true });
    try {
      const usdc = new Contract(sandbox.evm.tokens.USDC, sandboxTokenArtifact.abi as never, provider);
      return (await usdc.getFunction('balanceOf')(evmSandboxWallet('treasury').address)) as bigint;
    } finally {
      provider.destroy();
    }
  };

  const pay = (network: Network, depositAddress: string, amount: number) =>
    payDepositTarget({
      blockchain: network,
      cryptoCurrency: 'USDC',
      depositAddress,
      amount,
      decimals: 6,
      memo: null,
      mintAddress: asset(network),
      rpcUrl: network === 'SOLANA' ? sandbox.solana.url : sandbox.evm.url,
    });
  const announced = async (onChainTx: string) => {
    await expectEventually(async () =>
      expect(detected.some((fact) => fact.onChainTx === onChainTx)).toBe(true),
    );
    return detected.filter((fact) => fact.onChainTx === onChainTx);
  };
  // A counter's value for the series carrying every one of `labels` (0 before its first count).
  const metric = async (name: string, labels: readonly string[]): Promise<number> => {
    const { text } = await request(service.url).get('/metrics').expect(200);
    const line = text
      .split('\n')
      .find(
        (candidate) => candidate.startsWith(`${name}{`) && labels.every((label) => candidate.includes(label)),
      );
    return line ? Number(line.split(' ').at(-1)) : 0;
  };

  it('hands out one address per transaction and chain, the same when asked again, and none for Stellar', async () => {
    const first = randomUUID();
    const solana = await openFor('SOLANA', first);
    expect(await openFor('SOLANA', first)).toBe(solana);
    const celo = await openFor('CELO', first);
    expect(celo).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await openFor('SOLANA', randomUUID())).not.toBe(solana);
    expect(await openFor('CELO', randomUUID())).not.toBe(celo);

    const refused = await open({
      blockchain: 'STELLAR',
      transactionId: first,
      asset: asset('SOLANA'),
      expiresAt: new Date().toISOString(),
    }).expect(400);
    expect(refused.body).toEqual({
      message: 'blockchain must be SOLANA or CELO',
      code: 'invalid_request',
      reason: 'blockchain must be SOLANA or CELO',
      retryable: false,
    });
  });

  it.each(['SOLANA', 'CELO'] as const)(
    'announces a %s deposit nobody reported once, naming its transaction, and sweeps it once though the broadcast answer is lost',
    async (network) => {
      const transactionId = randomUUID();
      const address = await openFor(network, transactionId);
      const paid = await pay(network, address, 12.5);

      await expectEventually(async () => {
        const [row] = (
          await sql.query(
            'SELECT "announced_at", "due_at" FROM "chain_watchers"."deposit_account" WHERE "transaction_id" = $1 AND "blockchain" = $2',
            [transactionId, network],
          )
        ).rows;
        expect(row).toEqual({ announced_at: expect.any(Date), due_at: expect.any(Date) });
      });
      // The row is marked in the transaction that stores the event; the bus delivers it after.
      await expectEventually(async () => {
        expect(detected.some(({ onChainTx }) => onChainTx === paid.onChainTx)).toBe(true);
      });
      // Announced once.
      expect(detected.filter(({ onChainTx }) => onChainTx === paid.onChainTx)).toEqual([
        expect.objectContaining({
          blockchain: network,
          transactionId,
          depositAddress: address,
          amount: '12.5',
          cryptoCurrency: 'USDC',
          memo: null,
        }),
      ]);

      const before = await treasuryBalance(network);
      // The first transaction the sweep sends (Solana: the transfer; Celo: the gas) lands, but its
      // answer is lost: the sweep stays open with that attempt pending.
      (network === 'SOLANA' ? sandbox.solana.faults : sandbox.evm.faults).dropNextSubmitAnswer();
      await runSweeps();
      const [pending] = await sweepsOf(network);
      expect(pending).toMatchObject({
        status: 'PENDING',
        attempts: [{ kind: network === 'SOLANA' ? 'TRANSFER' : 'GAS', state: 'PENDING' }],
      });

      await runSweeps();
      const [swept, ...others] = await sweepsOf(network);
      expect(others).toEqual([]);
      expect(swept).toMatchObject({
        status: 'SWEPT',
        items: [{ transactionId, amount: '12.5' }],
        attempts:
          network === 'SOLANA'
            ? [{ kind: 'TRANSFER', state: 'LANDED' }]
            : [
                { kind: 'GAS', state: 'LANDED' },
                { kind: 'TRANSFER', state: 'LANDED' },
              ],
      });
      expect(Number(swept!.networkFee)).toBeGreaterThan(0);
      expect((await treasuryBalance(network)) - before).toBe(12_500_000n);

      await runSweeps();
      expect(await sweepsOf(network)).toHaveLength(1);
      expect((await treasuryBalance(network)) - before).toBe(12_500_000n);
      // The look-back reads the swept deposit again every second: it stays recorded once, and
      // the account is not made due again for it.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const [after] = (
        await sql.query(
          'SELECT "due_at" FROM "chain_watchers"."deposit_account" WHERE "transaction_id" = $1 AND "blockchain" = $2',
          [transactionId, network],
        )
      ).rows;
      expect(after).toEqual({ due_at: null });
    },
  );

  it.each(['SOLANA', 'CELO'] as const)(
    'announces a second transfer to a paid %s address, and a late one to an address past its watch and swept',
    async (network) => {
      const transactionId = randomUUID();
      const address = await openFor(network, transactionId);
      await announced((await pay(network, address, 3)).onChainTx);
      const second = await pay(network, address, 1.5);
      expect(await announced(second.onChainTx)).toEqual([
        expect.objectContaining({ transactionId, depositAddress: address, amount: '1.5' }),
      ]);

      // An account whose quote expired long ago (past its watch), swept empty: the look-back
      // still reads it.
      const lateId = randomUUID();
      const late = (
        await open({
          blockchain: network,
          transactionId: lateId,
          asset: asset(network),
          expiresAt: new Date(Date.now() - 7_200_000).toISOString(),
        }).expect(200)
      ).body.address as string;
      const paidLate = await pay(network, late, 2.25);
      expect(await announced(paidLate.onChainTx)).toEqual([
        expect.objectContaining({ transactionId: lateId, depositAddress: late, amount: '2.25' }),
      ]);
      await runSweeps();
      const lateAgain = await pay(network, late, 0.75);
      expect(await announced(lateAgain.onChainTx)).toEqual([
        expect.objectContaining({ transactionId: lateId, amount: '0.75' }),
      ]);
    },
  );

  it.each([
    ['ahead of the chain head', 'cursor-ahead', (height: number) => `${height + 1_000_000}`],
    ['on a block the chain does not have', 'chain-reset', (height: number) => `${height}@0xdeadbeefdeadbeef`],
  ])(
    'rescans Celo from a safe point when the cursor is %s, counted, and goes on finding deposits',
    async (_case, reason, cursor) => {
      const rescans = () =>
        metric('deposit_watch_rescans_total', ['blockchain="CELO"', `reason="${reason}"`]);
      const before = await rescans();
      // Written again until a pass reads it (a pass in flight may commit its own cursor over it).
      await expectEventually(async () => {
        const provider = new JsonRpcProvider(sandbox.evm.url, 42220, { staticNetwork: true });
        const height = await provider.getBlockNumber();
        provider.destroy();
        await sql.query(
          `UPDATE "chain_watchers"."stream_cursor" SET "cursor" = $1 WHERE "stream" = 'celo:deposit-accounts'`,
          [cursor(height)],
        );
        expect(await rescans()).toBeGreaterThan(before);
      });
      const transactionId = randomUUID();
      const paid = await pay('CELO', await openFor('CELO', transactionId), 4);
      expect(await announced(paid.onChainTx)).toEqual([
        expect.objectContaining({ transactionId, amount: '4' }),
      ]);
    },
  );
});
