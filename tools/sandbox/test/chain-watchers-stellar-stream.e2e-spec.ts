import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import request from 'supertest';
import { Asset, Horizon, Keypair, Memo, Operation, TransactionBuilder } from '@stellar/stellar-sdk';
import { chainWatchersDefinition } from '@apps/chain-watchers';
import type { RunningService } from '@platform/http';
import { InMemoryEventBus, type EventEnvelope } from '@platform/messaging';
import { expectEventually, startTestDatabase, type TestDatabase } from '@platform/test-support';
import { startTestService } from '@platform/testing';
import type { DepositDetectedV1 } from '@shared/contracts';
import { stellarSandboxKeypair } from '../src/sandbox-wallets.js';
import { startSandbox, type Sandbox } from '../src/start-sandbox.js';
import { chainWatchersEnv, startFakeUpstreams, type FakeUpstreams } from './fake-upstreams.js';

// chain-watchers' Stellar payment streams against the sandbox Horizon: each deposit is announced
// once, with its memo, and the cursor moves only with what it found, also across a crash.
describe('chain-watchers Stellar payment streams', () => {
  let sandbox: Sandbox;
  let upstreams: FakeUpstreams;
  let database: TestDatabase;
  let sql: pg.Client;
  let horizon: Horizon.Server;
  const announced: DepositDetectedV1[] = [];
  const running: RunningService[] = [];
  const buses: InMemoryEventBus[] = [];
  const customer = stellarSandboxKeypair('customer');
  const treasury = stellarSandboxKeypair('treasury').publicKey();
  const reference = (hex: string) => Buffer.from(hex.padEnd(32, '0'), 'hex').toString('base64');

  beforeAll(async () => {
    sandbox = await startSandbox();
    upstreams = await startFakeUpstreams(sandbox);
    database = await startTestDatabase();
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    horizon = new Horizon.Server(sandbox.horizon.url, { allowHttp: true });
  });
  afterEach(async () => {
    for (const service of running.splice(0)) await service.close();
  });
  afterAll(async () => {
    for (const bus of buses) await bus.disconnect();
    await sql?.end();
    await database?.drop();
    await upstreams?.close();
    await sandbox?.close();
  });

  // A bus per instance: a process holds one subscription per consumer group, as Kafka would.
  const start = async (env: Record<string, string> = {}) => {
    const bus = new InMemoryEventBus();
    buses.push(bus);
    await bus.connect();
    await bus.subscribe({
      groupId: 'test',
      topics: ['chain.deposit.detected.v1'],
      handle: async (event: EventEnvelope) => void announced.push(event.payload as DepositDetectedV1),
    });
    const service = await startTestService(chainWatchersDefinition, {
      databaseUrl: database.url,
      bus,
      env: { ...chainWatchersEnv(sandbox, upstreams), STELLAR_STREAM_RETRY_MS: '50', ...env },
    });
    running.push(service);
    return service;
  };
  const stop = async (service: RunningService) => {
    running.splice(running.indexOf(service), 1);
    await service.close();
  };
  const submit = async (
    signer: Keypair,
    operations: ReturnType<typeof Operation.payment>[],
    memo?: string,
  ) => {
    const builder = new TransactionBuilder(await horizon.loadAccount(signer.publicKey()), {
      fee: '100',
      networkPassphrase: sandbox.horizon.networkPassphrase,
    }).setTimeout(60);
    for (const operation of operations) builder.addOperation(operation);
    if (memo) builder.addMemo(Memo.text(memo));
    const transaction = builder.build();
    transaction.sign(signer);
    return horizon.submitTransaction(transaction);
  };
  const pay = (amount: string, memo?: string, destination = treasury) =>
    submit(
      customer,
      [Operation.payment({ destination, asset: new Asset('USDC', sandbox.horizon.issuers.USDC), amount })],
      memo,
    );
  const cursor = async () =>
    (
      await sql.query(`SELECT "cursor" FROM "chain_watchers"."stream_cursor" WHERE "stream" = $1`, [
        `stellar:payments:${treasury}`,
      ])
    ).rows[0]?.cursor as string | undefined;
  const seen = async (hash: string) =>
    (
      await sql.query(
        `SELECT "memo", "memo_problem", "found_by", "amount"::text AS "amount" FROM "chain_watchers"."seen_transfer" WHERE "on_chain_tx" = $1`,
        [hash],
      )
    ).rows;
  const announcedFor = (hash: string) => announced.filter((fact) => fact.onChainTx === hash);
  // A payment made before a new account's stream opens is recorded by the account's look-back:
  // to see the stream's own path, pay once Horizon has a listener.
  const streamOpen = () =>
    expectEventually(() => expect(sandbox.horizon.ledger.listenerCount('operation')).toBeGreaterThan(0));

  it('announces a payment with its memo and commits the cursor with it', async () => {
    await start();
    await streamOpen();
    const memo = reference('3f1c0b9e8a5d4c1e9b7a2d4e6f8a0c1b');
    const paid = await pay('25.5', memo);
    await expectEventually(() =>
      expect(announcedFor(paid.hash)).toEqual([
        {
          blockchain: 'STELLAR',
          onChainTx: paid.hash,
          transferIndex: 0,
          cryptoCurrency: 'USDC',
          asset: `${sandbox.horizon.issuers.USDC}:USDC`,
          depositAddress: treasury,
          sender: customer.publicKey(),
          amount: '25.5',
          memo,
          transactionId: null,
          confirmedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        },
      ]),
    );
    const payments = await horizon.payments().forTransaction(paid.hash).call();
    expect(await cursor()).toBe(payments.records[0]!.paging_token);
    expect(await seen(paid.hash)).toEqual([{ memo, memo_problem: null, found_by: 'stream', amount: '25.5' }]);
  });

  it('announces a payment without a usable memo and flags it for operations', async () => {
    await start();
    const missing = await pay('3');
    const malformed = await pay('4', 'order-42');
    await expectEventually(() => {
      expect(announcedFor(missing.hash)).toEqual([expect.objectContaining({ memo: null, amount: '3' })]);
      expect(announcedFor(malformed.hash)).toEqual([expect.objectContaining({ memo: 'order-42' })]);
    });
    expect(await seen(missing.hash)).toEqual([expect.objectContaining({ memo_problem: 'missing' })]);
    expect(await seen(malformed.hash)).toEqual([expect.objectContaining({ memo_problem: 'malformed' })]);
  });

  it('loses nothing and repeats nothing when it stops between detecting a payment and committing it', async () => {
    // The first insert of a seen transfer fails once, as if the process died before COMMIT;
    // a sequence is not rolled back, so the trigger knows it already fired.
    await sql.query(`CREATE SEQUENCE "chain_watchers"."test_fault"`);
    await sql.query(`
      CREATE FUNCTION "chain_watchers"."test_fault_once"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF nextval('"chain_watchers"."test_fault"') = 1 THEN RAISE EXCEPTION 'simulated crash'; END IF;
        RETURN NEW;
      END $$`);
    await sql.query(`
      CREATE TRIGGER "test_fault_once" BEFORE INSERT ON "chain_watchers"."seen_transfer"
      FOR EACH ROW EXECUTE FUNCTION "chain_watchers"."test_fault_once"()`);
    try {
      // It would retry (and reconcile) after an hour: it is stopped long before.
      const first = await start({
        STELLAR_STREAM_RETRY_MS: '3600000',
        STELLAR_RECONCILE_INTERVAL_MS: '3600000',
      });
      const before = await cursor();
      const paid = await pay('7.25', reference('aa'));
      await expectEventually(async () =>
        expect(
          (await sql.query(`SELECT last_value FROM "chain_watchers"."test_fault"`)).rows[0].last_value,
        ).toBe('1'),
      );
      await stop(first);
      expect(announcedFor(paid.hash)).toEqual([]);
      expect(await seen(paid.hash)).toEqual([]);
      expect(await cursor()).toBe(before);

      await start();
      await expectEventually(() => expect(announcedFor(paid.hash)).toHaveLength(1));
      const payments = await horizon.payments().forTransaction(paid.hash).call();
      await expectEventually(async () => expect(await cursor()).toBe(payments.records[0]!.paging_token));
      // A later payment still flows, and the crashed one was announced exactly once.
      const next = await pay('1', reference('bb'));
      await expectEventually(() => expect(announcedFor(next.hash)).toHaveLength(1));
      expect(announcedFor(paid.hash)).toHaveLength(1);
      expect(await seen(paid.hash)).toHaveLength(1);
    } finally {
      await sql.query(`DROP TRIGGER "test_fault_once" ON "chain_watchers"."seen_transfer"`);
    }
  });

  it('records at once, by a look-back, what an account received before it was watched', async () => {
    const account = Keypair.random();
    const usdc = new Asset('USDC', sandbox.horizon.issuers.USDC);
    await submit(customer, [
      Operation.createAccount({ destination: account.publicKey(), startingBalance: '5' }) as never,
    ]);
    await submit(account, [Operation.changeTrust({ asset: usdc }) as never]);
    const early = await pay('9.5', reference('cc'), account.publicKey());
    upstreams.addresses.push({
      blockchain: 'STELLAR' as never,
      address: account.publicKey(),
      active: false,
      activatedAt: new Date().toISOString(),
      retiredAt: new Date().toISOString(),
    });
    try {
      // The periodic reconciliation waits an hour: the stream's opening finds it.
      await start({ STELLAR_RECONCILE_INTERVAL_MS: '3600000' });
      await expectEventually(() =>
        expect(announcedFor(early.hash)).toEqual([
          expect.objectContaining({ depositAddress: account.publicKey(), amount: '9.5' }),
        ]),
      );
      expect(await seen(early.hash)).toEqual([expect.objectContaining({ found_by: 'reconciliation' })]);
      // Payments after it flow through the stream, which opened just after it.
      const later = await pay('2.5', reference('cd'), account.publicKey());
      await expectEventually(() => expect(announcedFor(later.hash)).toHaveLength(1));
      expect(await seen(later.hash)).toEqual([expect.objectContaining({ found_by: 'stream' })]);
      expect(announcedFor(early.hash)).toHaveLength(1);
    } finally {
      upstreams.addresses.pop();
    }
  });

  it("reopens at the present and looks back when Horizon no longer has the cursor's payment (a reset network), counted", async () => {
    // A cursor from another network's history: streaming from it would wait for ever.
    await sql.query(
      `INSERT INTO "chain_watchers"."stream_cursor" ("stream", "cursor", "updated_at") VALUES ($1, $2, now())
       ON CONFLICT ("stream") DO UPDATE SET "cursor" = EXCLUDED."cursor"`,
      [`stellar:payments:${treasury}`, '999999999999999'],
    );
    const missed = await pay('3.5', reference('dd'));
    // Only the look-back the reset calls for can find it: the periodic one waits an hour.
    const service = await start({ STELLAR_RECONCILE_INTERVAL_MS: '3600000' });
    await expectEventually(() =>
      expect(announcedFor(missed.hash)).toEqual([expect.objectContaining({ amount: '3.5' })]),
    );
    const { text } = await request(service.url).get('/metrics').expect(200);
    expect(text).toMatch(
      /deposit_watch_rescans_total\{[^}]*blockchain="STELLAR"[^}]*reason="chain-reset"[^}]*\} [1-9]/,
    );
    // The stream flows again from the present.
    await streamOpen();
    const next = await pay('1.25', reference('ee'));
    await expectEventually(() => expect(announcedFor(next.hash)).toHaveLength(1));
  });
});
