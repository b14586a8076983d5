import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import request from 'supertest';
import { Contract, JsonRpcProvider } from 'ethers';
import { chainWatchersDefinition } from '@apps/chain-watchers';
import type { RunningService } from '@platform/http';
import type { DeadLetterPayload, EventEnvelope, KafkaEventBus } from '@platform/messaging';
import { expectEventually, startTestDatabase, type TestDatabase } from '@platform/test-support';
import { RunScopedBus, runScopedKafkaBus, startTestService } from '@platform/testing';
import type { RefundRequestedV1, RefundSettledV1 } from '@shared/contracts';
import { sandboxTokenArtifact } from '../src/evm-chain/sandbox-token.artifact.js';
import { evmSandboxWallet } from '../src/sandbox-wallets.js';
import { startSandbox, type Sandbox } from '../src/start-sandbox.js';
import { chainWatchersEnv, startFakeUpstreams, type FakeUpstreams } from './fake-upstreams.js';

// chain-watchers on the real broker and PostgreSQL, beside another deployment that writes to the
// same topics (as test suites once did): a refund request of another environment is
// dead-lettered and never sent, even for a deposit this deployment did record; its own requests
// are still sent, once.
describe('chain-watchers and events of another environment', () => {
  const run = randomUUID().slice(0, 8);
  let sandbox: Sandbox;
  let upstreams: FakeUpstreams;
  let database: TestDatabase;
  let sql: pg.Client;
  let service: RunningService;
  let serviceBus: KafkaEventBus;
  let own: KafkaEventBus;
  let otherDeployment: KafkaEventBus;
  const settled: RefundSettledV1[] = [];
  const deadLetters: DeadLetterPayload[] = [];

  beforeAll(async () => {
    database = await startTestDatabase();
    if (database.kind !== 'postgres')
      throw new Error('TEST_DATABASE_URL is not set: the infra suite needs PostgreSQL');
    sandbox = await startSandbox();
    upstreams = await startFakeUpstreams(sandbox);
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    serviceBus = runScopedKafkaBus({ clientId: 'chain-watchers', run });
    own = runScopedKafkaBus({ clientId: 'test-publisher', run });
    otherDeployment = runScopedKafkaBus({ clientId: 'other', run, environmentId: 'other-deployment' });
    for (const bus of [serviceBus, own, otherDeployment]) await bus.connect();
    await own.subscribe({
      groupId: `settled-${run}`,
      topics: ['chain.refund.settled.v1'],
      handle: async (event: EventEnvelope) => void settled.push(event.payload as RefundSettledV1),
    });
    await own.subscribe({
      groupId: `dead-letters-${run}`,
      topics: ['chain.refund.requested.v1.dlq'],
      handle: async (event: EventEnvelope) => void deadLetters.push(event.payload as DeadLetterPayload),
    });
    service = await startTestService(chainWatchersDefinition, {
      databaseUrl: database.url,
      bus: new RunScopedBus(serviceBus, run),
      env: {
        ...chainWatchersEnv(sandbox, upstreams),
        STELLAR_WATCH: 'false',
        CELO_CONFIRMATIONS: '1',
        REFUND_RETRY_INTERVAL_MS: '200',
        REFUND_CONFIRM_TIMEOUT_MS: '5000',
        CELO_REFUND_PRIVATE_KEY: evmSandboxWallet('treasury').privateKey,
      },
    });
  });

  afterAll(async () => {
    await service?.close();
    // A shared bus is its owner's to disconnect, not the service's.
    for (const bus of [serviceBus, own, otherDeployment]) await bus?.disconnect();
    await sql?.end();
    await database?.drop();
    await upstreams?.close();
    await sandbox?.close();
  });

  const customer = evmSandboxWallet('customer').address;
  const usdtBalance = async () => {
    const provider = new JsonRpcProvider(sandbox.evm.url, 42220, { staticNetwork: true });
    const token = new Contract(sandbox.evm.tokens.USDT, sandboxTokenArtifact.abi as never, provider);
    const balance = BigInt(await token.getFunction('balanceOf')(customer));
    provider.destroy();
    return balance;
  };
  const refundRows = async (refundId: string) =>
    (await sql.query(`SELECT "status" FROM "chain_watchers"."refund" WHERE "refund_id" = $1`, [refundId]))
      .rows;

  it('dead-letters a refund request of another environment unread and sends nothing for it', async () => {
    const before = await usdtBalance();
    // A deposit this deployment recorded: even a request for it must come from this environment.
    const onChainTx = `0x${randomUUID().replace(/-/g, '')}`;
    await sql.query(
      `INSERT INTO "chain_watchers"."seen_transfer" ("id", "blockchain", "on_chain_tx", "transfer_index",
         "crypto_currency", "asset", "deposit_address", "sender", "amount", "memo", "memo_problem", "found_by",
         "confirmed_at", "detected_at")
       VALUES ($1, 'CELO', $2, 0, 'USDT', $3, 'deposit-address', $4, '18.47', NULL, NULL, 'watcher', now(), now())`,
      [randomUUID(), onChainTx, sandbox.evm.tokens.USDT, customer],
    );
    const transactionId = randomUUID();
    const refund = (): RefundRequestedV1 => ({
      refundId: randomUUID(),
      transactionId,
      blockchain: 'CELO' as never,
      cryptoCurrency: 'USDT' as never,
      destination: customer,
      amount: '18.47',
      reason: 'WRONG_AMOUNT',
      depositOnChainTx: onChainTx,
      depositTransferIndex: 0,
    });
    const event = (payload: RefundRequestedV1): EventEnvelope => ({
      id: randomUUID(),
      topic: 'chain.refund.requested.v1',
      key: transactionId,
      payload,
      occurredAt: new Date().toISOString(),
      correlationId: `corr-${payload.refundId}`,
    });
    const foreign = refund();
    const legitimate = refund();

    await otherDeployment.publish([event(foreign)]);
    // Same key, same partition: once this one is settled, the foreign one has been handled.
    await own.publish([event(legitimate)]);

    await expectEventually(
      () => expect(settled.filter(({ refundId }) => refundId === legitimate.refundId)).toHaveLength(1),
      { timeoutMs: 30_000 },
    );
    expect(settled.find(({ refundId }) => refundId === legitimate.refundId)).toMatchObject({
      status: 'SENT',
    });
    await expectEventually(() => expect(deadLetters).toHaveLength(1), { timeoutMs: 30_000 });
    expect(deadLetters[0]).toEqual({
      event: expect.objectContaining({ topic: 'chain.refund.requested.v1', payload: foreign }),
      consumer: `chain-watchers-${run}`,
      error: 'event of another environment (other-deployment)',
      attempts: 0,
      environment: 'other-deployment',
    });
    // Never recorded, never settled, never sent: the customer got the legitimate refund only.
    expect(await refundRows(foreign.refundId)).toEqual([]);
    expect(settled.some(({ refundId }) => refundId === foreign.refundId)).toBe(false);
    expect((await usdtBalance()) - before).toBe(18_470_000n);
    const metrics = await request(service.app.getHttpServer()).get('/metrics').expect(200);
    expect(metrics.text).toMatch(
      new RegExp(
        `events_foreign_total\\{topic="chain.refund.requested.v1",consumer="chain-watchers-${run}",service="chain-watchers"\\} 1`,
      ),
    );
  });
});
