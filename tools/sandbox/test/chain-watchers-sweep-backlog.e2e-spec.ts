import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import request from 'supertest';
import { Contract, JsonRpcProvider, parseUnits } from 'ethers';
import { chainWatchersDefinition } from '@apps/chain-watchers';
import { InternalTokenService, type RunningService } from '@platform/http';
import { InMemoryEventBus } from '@platform/messaging';
import { expectEventually, startTestDatabase, type TestDatabase } from '@platform/test-support';
import { TEST_INTERNAL_AUTH_SECRET, startTestService } from '@platform/testing';
import { ServiceName } from '@shared/contracts';
import { payDepositTarget } from '../src/deposits/pay-deposit-target.js';
import { sandboxTokenArtifact } from '../src/evm-chain/sandbox-token.artifact.js';
import { evmSandboxWallet } from '../src/sandbox-wallets.js';
import { startSandbox, type Sandbox } from '../src/start-sandbox.js';
import { chainWatchersEnv, startFakeUpstreams, type FakeUpstreams } from './fake-upstreams.js';

const DEPOSITS = 60;

// A sweep backlog drains in one pass: 60 Celo deposit addresses due at once are swept by
// SWEEP_CONCURRENCY sweeps side by side, the treasury funding each round's addresses on
// consecutive nonces, and the backlog gauges on /metrics go back to zero.
describe('chain-watchers sweep backlog', () => {
  let sandbox: Sandbox;
  let upstreams: FakeUpstreams;
  let database: TestDatabase;
  let sql: pg.Client;
  let service: RunningService;
  let token: string;
  const bus = new InMemoryEventBus();

  beforeAll(async () => {
    sandbox = await startSandbox();
    upstreams = await startFakeUpstreams(sandbox);
    database = await startTestDatabase();
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    await bus.connect();
    service = await startTestService(chainWatchersDefinition, {
      databaseUrl: database.url,
      bus,
      env: {
        ...chainWatchersEnv(sandbox, upstreams),
        STELLAR_WATCH: 'false',
        CELO_CONFIRMATIONS: '1',
        DEPOSIT_MASTER_SECRET: 'a-test-master-secret-of-at-least-32-characters',
        DEPOSIT_WATCH_INTERVAL_MS: '200',
        // Sweeps run when the suite asks (POST /internal/sweeps/run).
        SWEEP_INTERVAL_MS: '3600000',
        SWEEP_CONCURRENCY: '8',
        REFUND_CONFIRM_TIMEOUT_MS: '5000',
        CELO_REFUND_PRIVATE_KEY: evmSandboxWallet('treasury').privateKey,
      },
    });
    token = await new InternalTokenService(TEST_INTERNAL_AUTH_SECRET).sign({
      kind: 'service',
      service: ServiceName.TransactionService,
    });
  }, 60_000);
  afterAll(async () => {
    await service?.close();
    await bus.disconnect();
    await sql?.end();
    await database?.drop();
    await upstreams?.close();
    await sandbox?.close();
  });

  const gauge = async (name: string): Promise<number> => {
    const { text } = await request(service.url).get('/metrics').expect(200);
    const line = text
      .split('\n')
      .find((candidate) => candidate.startsWith(`${name}{`) && candidate.includes('blockchain="CELO"'));
    return Number(line?.split(' ').at(-1));
  };
  const treasuryUsdc = async (): Promise<bigint> => {
    const provider = new JsonRpcProvider(sandbox.evm.url, 42220, { staticNetwork: true });
    try {
      const usdc = new Contract(sandbox.evm.tokens.USDC, sandboxTokenArtifact.abi as never, provider);
      return (await usdc.getFunction('balanceOf')(evmSandboxWallet('treasury').address)) as bigint;
    } finally {
      provider.destroy();
    }
  };
  const dueCount = async (): Promise<number> =>
    Number(
      (
        await sql.query(
          `SELECT COUNT(*) AS "due" FROM "chain_watchers"."deposit_account" WHERE "blockchain" = 'CELO' AND "due_at" IS NOT NULL`,
        )
      ).rows[0].due,
    );

  it('sweeps 60 Celo deposit addresses due at once in one pass, every unit to the treasury', async () => {
    const amounts: string[] = [];
    for (let index = 0; index < DEPOSITS; index += 1) {
      const { body } = await request(service.url)
        .post('/internal/deposit-accounts')
        .set('x-internal-identity', token)
        .send({
          blockchain: 'CELO',
          transactionId: randomUUID(),
          asset: sandbox.evm.tokens.USDC,
          expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        })
        .expect(200);
      const amount = `${index + 1}.25`;
      amounts.push(amount);
      await payDepositTarget({
        blockchain: 'CELO',
        cryptoCurrency: 'USDC',
        depositAddress: body.address,
        amount: Number(amount),
        decimals: 6,
        memo: null,
        mintAddress: sandbox.evm.tokens.USDC,
        rpcUrl: sandbox.evm.url,
      });
    }
    await expectEventually(async () => expect(await dueCount()).toBe(DEPOSITS), { timeoutMs: 30_000 });
    expect(await gauge('sweep_backlog')).toBe(DEPOSITS);
    expect(await gauge('sweep_oldest_due_seconds')).toBeGreaterThan(0);
    const before = await treasuryUsdc();

    await request(service.url).post('/internal/sweeps/run').set('x-internal-identity', token).expect(204);

    const paid = amounts.reduce((sum, amount) => sum + parseUnits(amount, 6), 0n);
    expect((await treasuryUsdc()) - before).toBe(paid);
    expect(await dueCount()).toBe(0);
    const { rows } = await sql.query(
      `SELECT "status", COUNT(*)::int AS "count" FROM "chain_watchers"."sweep" WHERE "blockchain" = 'CELO' GROUP BY "status"`,
    );
    expect(rows).toEqual([{ status: 'SWEPT', count: DEPOSITS }]);
    expect(await gauge('sweep_backlog')).toBe(0);
    expect(await gauge('sweep_oldest_due_seconds')).toBe(0);
  }, 120_000);
});
