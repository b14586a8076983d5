import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { Connection, PublicKey } from '@solana/web3.js';
import { getAccount, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Contract, JsonRpcProvider } from 'ethers';
import { Horizon } from '@stellar/stellar-sdk';
import { chainWatchersDefinition } from '@apps/chain-watchers';
import type { RunningService } from '@platform/http';
import { InMemoryEventBus, type EventEnvelope } from '@platform/messaging';
import { expectEventually, startTestDatabase, type TestDatabase } from '@platform/test-support';
import { startTestService } from '@platform/testing';
import type { RefundRequestedV1, RefundSettledV1 } from '@shared/contracts';
import { sandboxTokenArtifact } from '../src/evm-chain/sandbox-token.artifact.js';
import type { SandboxFaults } from '../src/http/sandbox-faults.js';
import { evmSandboxWallet, solanaSandboxKeypair, stellarSandboxKeypair } from '../src/sandbox-wallets.js';
import { startSandbox, type Sandbox } from '../src/start-sandbox.js';
import { chainWatchersEnv, startFakeUpstreams, type FakeUpstreams } from './fake-upstreams.js';

// Refunds signed with the sandbox treasury keys and sent on each sandbox chain: settled once,
// and a broadcast whose answer is lost is found by hash, never signed and sent a second time.
describe('chain-watchers refunds', () => {
  let sandbox: Sandbox;
  let upstreams: FakeUpstreams;
  let database: TestDatabase;
  let sql: pg.Client;
  let service: RunningService;
  const bus = new InMemoryEventBus();
  const settled: RefundSettledV1[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox();
    upstreams = await startFakeUpstreams(sandbox);
    database = await startTestDatabase();
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    await bus.connect();
    await bus.subscribe({
      groupId: 'test',
      topics: ['chain.refund.settled.v1'],
      handle: async (event: EventEnvelope) => void settled.push(event.payload as RefundSettledV1),
    });
    service = await startTestService(chainWatchersDefinition, {
      databaseUrl: database.url,
      bus,
      env: {
        ...chainWatchersEnv(sandbox, upstreams),
        STELLAR_WATCH: 'false',
        CELO_CONFIRMATIONS: '1',
        REFUND_RETRY_INTERVAL_MS: '200',
        REFUND_CONFIRM_TIMEOUT_MS: '5000',
        STELLAR_REFUND_SECRET: stellarSandboxKeypair('treasury').secret(),
        SOLANA_REFUND_SECRET_KEY: JSON.stringify([...solanaSandboxKeypair('treasury').secretKey]),
        CELO_REFUND_PRIVATE_KEY: evmSandboxWallet('treasury').privateKey,
      },
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

  // A transaction's refund unless it names none (a held transfer's).
  type Refund = Omit<
    RefundRequestedV1,
    'refundId' | 'transactionId' | 'reason' | 'depositOnChainTx' | 'depositTransferIndex'
  > &
    Partial<Pick<RefundRequestedV1, 'transactionId' | 'reason'>>;
  type DepositReference = Pick<RefundRequestedV1, 'depositOnChainTx' | 'depositTransferIndex'>;
  // A deposit chain-watchers recorded, as its watchers and /internal/verify record them: the only
  // kind it refunds, to its sender, up to its amount.
  const recordDeposit = async (
    deposit: Pick<RefundRequestedV1, 'blockchain' | 'cryptoCurrency' | 'amount'> & { sender: string },
  ): Promise<DepositReference> => {
    const onChainTx = `deposit-${randomUUID()}`;
    await sql.query(
      `INSERT INTO "chain_watchers"."seen_transfer" ("id", "blockchain", "on_chain_tx", "transfer_index",
         "crypto_currency", "asset", "deposit_address", "sender", "amount", "memo", "memo_problem", "found_by",
         "confirmed_at", "detected_at")
       VALUES ($1, $2, $3, 1, $4, 'asset', 'deposit-address', $5, $6, NULL, NULL, 'watcher', now(), now())`,
      [randomUUID(), deposit.blockchain, onChainTx, deposit.cryptoCurrency, deposit.sender, deposit.amount],
    );
    return { depositOnChainTx: onChainTx, depositTransferIndex: 1 };
  };
  const publishTwice = async (payload: object, key: string) => {
    const event = {
      id: randomUUID(),
      topic: 'chain.refund.requested.v1',
      key,
      payload,
      occurredAt: new Date().toISOString(),
      correlationId: '',
    };
    // Delivered twice: the inbox and the refund's own id keep it to one transfer.
    await bus.publish([event]);
    await bus.publish([event]);
  };
  // A refund of `deposit`, by default of a deposit of the same amount just recorded.
  const request = async (refund: Refund, deposit?: DepositReference) => {
    const payload: RefundRequestedV1 = {
      refundId: randomUUID(),
      transactionId: randomUUID(),
      reason: 'WRONG_AMOUNT',
      ...refund,
      ...(deposit ?? (await recordDeposit({ ...refund, sender: refund.destination }))),
    };
    await publishTwice(payload, payload.transactionId ?? payload.depositOnChainTx);
    return payload;
  };
  const settlement = async (refundId: string) => {
    await expectEventually(() => expect(settled.filter((s) => s.refundId === refundId)).toHaveLength(1), {
      timeoutMs: 20_000,
    });
    return settled.find((s) => s.refundId === refundId)!;
  };
  const attempts = async (refundId: string) =>
    (
      await sql.query(`SELECT "state" FROM "chain_watchers"."refund_attempt" WHERE "refund_id" = $1`, [
        refundId,
      ])
    ).rows;

  const balances = {
    STELLAR: async () => {
      const account = await new Horizon.Server(sandbox.horizon.url, { allowHttp: true }).loadAccount(
        stellarSandboxKeypair('customer').publicKey(),
      );
      return account.balances.find((b) => 'asset_code' in b && b.asset_code === 'USDC')!.balance;
    },
    SOLANA: async () => {
      const mint = new PublicKey(sandbox.solana.mints.USDT.mint);
      const programId = new PublicKey(sandbox.solana.mints.USDT.programId);
      const account = getAssociatedTokenAddressSync(
        mint,
        solanaSandboxKeypair('customer').publicKey,
        false,
        programId,
      );
      return String(
        (await getAccount(new Connection(sandbox.solana.url), account, 'confirmed', programId)).amount,
      );
    },
    CELO: async () => {
      const provider = new JsonRpcProvider(sandbox.evm.url, 42220, { staticNetwork: true });
      const token = new Contract(sandbox.evm.tokens.USDC, sandboxTokenArtifact.abi as never, provider);
      const balance = String(await token.getFunction('balanceOf')(evmSandboxWallet('customer').address));
      provider.destroy();
      return balance;
    },
  };
  const cases = () =>
    [
      [
        'STELLAR',
        'USDC',
        stellarSandboxKeypair('customer').publicKey(),
        '2.5',
        '2.5',
        sandbox.horizon.faults,
      ],
      [
        'SOLANA',
        'USDT',
        solanaSandboxKeypair('customer').publicKey.toBase58(),
        '1.25',
        '1250000',
        sandbox.solana.faults,
      ],
      ['CELO', 'USDC', evmSandboxWallet('customer').address, '3.75', '3750000', sandbox.evm.faults],
    ] as const;
  const increase = (before: string, after: string) =>
    before.includes('.') ? String(Number(after) - Number(before)) : String(BigInt(after) - BigInt(before));

  it.each(['STELLAR', 'SOLANA', 'CELO'] as const)(
    'sends a %s refund once and announces it',
    async (chain) => {
      const [, crypto, destination, amount, raw] = cases().find(([name]) => name === chain)!;
      const before = await balances[chain]();
      const refund = await request({
        blockchain: chain as never,
        cryptoCurrency: crypto as never,
        destination,
        amount,
      });
      expect(await settlement(refund.refundId)).toEqual({
        refundId: refund.refundId,
        transactionId: refund.transactionId,
        blockchain: chain,
        status: 'SENT',
        onChainTx: expect.any(String),
        reason: null,
        settledAt: expect.any(String),
      });
      expect(increase(before, await balances[chain]())).toBe(raw);
      expect(await attempts(refund.refundId)).toEqual([{ state: 'LANDED' }]);
    },
  );

  // Same accounts, same amount: on Solana only the blockhash tells the two transfers apart.
  it.each(['STELLAR', 'SOLANA', 'CELO'] as const)(
    'sends two identical %s refunds requested together as two transfers',
    async (chain) => {
      const [, crypto, destination, amount, raw] = cases().find(([name]) => name === chain)!;
      const before = await balances[chain]();
      const refund = { blockchain: chain as never, cryptoCurrency: crypto as never, destination, amount };
      const [first, second] = await Promise.all([request(refund), request(refund)]);

      const settlements = [await settlement(first.refundId), await settlement(second.refundId)];

      expect(settlements.map((s) => s.status)).toEqual(['SENT', 'SENT']);
      expect(settlements[0]!.onChainTx).not.toBe(settlements[1]!.onChainTx);
      const twice = raw.includes('.') ? String(Number(raw) * 2) : String(BigInt(raw) * 2n);
      expect(increase(before, await balances[chain]())).toBe(twice);
    },
  );

  it.each(['STELLAR', 'SOLANA', 'CELO'] as const)(
    'finds a %s refund whose broadcast answer was lost by its hash instead of sending it again',
    async (chain) => {
      const [, crypto, destination, amount, raw, faults] = cases().find(([name]) => name === chain)!;
      const before = await balances[chain]();
      (faults as SandboxFaults).dropNextSubmitAnswer();
      const refund = await request({
        blockchain: chain as never,
        cryptoCurrency: crypto as never,
        destination,
        amount,
      });
      expect(await settlement(refund.refundId)).toMatchObject({
        status: 'SENT',
        onChainTx: expect.any(String),
      });
      // Several more passes run meanwhile; the destination got the refund exactly once.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(increase(before, await balances[chain]())).toBe(raw);
      expect(await attempts(refund.refundId)).toEqual([{ state: 'LANDED' }]);
      expect(settled.filter((s) => s.refundId === refund.refundId)).toHaveLength(1);
    },
  );

  it('fails a refund to an invalid destination without sending anything', async () => {
    const refund = await request({
      blockchain: 'CELO' as never,
      cryptoCurrency: 'USDC' as never,
      destination: 'not-an-address',
      amount: '1',
    });
    expect(await settlement(refund.refundId)).toMatchObject({
      status: 'FAILED',
      onChainTx: null,
      reason: 'invalid destination',
    });
    expect(await attempts(refund.refundId)).toEqual([]);
  });

  describe('money leaves only for a deposit chain-watchers recorded, within its amount', () => {
    const customer = () => evmSandboxWallet('customer').address;
    const celo = (amount: string, destination = customer()): Refund => ({
      blockchain: 'CELO' as never,
      cryptoCurrency: 'USDC' as never,
      destination,
      amount,
    });
    const refusedWithNothingSent = async (refundId: string, reason: string) => {
      expect(await settlement(refundId)).toMatchObject({ status: 'FAILED', onChainTx: null, reason });
      expect(await attempts(refundId)).toEqual([]);
    };

    it('refuses a refund of a deposit it never recorded (an event alone moves no money)', async () => {
      const before = await balances.CELO();
      const refund = await request(celo('18.47'), {
        depositOnChainTx: `0x${'ab'.repeat(32)}`,
        depositTransferIndex: 0,
      });

      await refusedWithNothingSent(refund.refundId, 'deposit not recorded by chain-watchers');
      expect(increase(before, await balances.CELO())).toBe('0');
    });

    it('refuses a refund request that names no deposit (a producer older than the check)', async () => {
      const legacy = {
        ...celo('1'),
        refundId: randomUUID(),
        transactionId: randomUUID(),
        reason: 'UNMATCHED',
      };
      await publishTwice(legacy, legacy.transactionId);

      await refusedWithNothingSent(legacy.refundId, 'refund request names no deposit');
    });

    it("refuses a refund to anyone but the deposit's sender, or in another currency", async () => {
      const deposit = await recordDeposit({ ...celo('5'), sender: customer() });
      const elsewhere = await request(celo('5', evmSandboxWallet('treasury').address), deposit);
      const otherCurrency = await request({ ...celo('5'), cryptoCurrency: 'USDT' as never }, deposit);

      await refusedWithNothingSent(elsewhere.refundId, "refund destination is not the deposit's sender");
      await refusedWithNothingSent(otherCurrency.refundId, 'refund currency differs from the deposit');
    });

    it('sends a held transfer where an operator named, with no transaction, and nowhere else', async () => {
      const before = await balances.CELO();
      const held = { ...celo('1.5'), transactionId: null, reason: 'UNMATCHED' as const };
      const deposit = await recordDeposit({ ...held, sender: evmSandboxWallet('treasury').address });

      const unnamed = await request(held, deposit);
      await refusedWithNothingSent(unnamed.refundId, "refund destination is not the deposit's sender");
      const named = await request({ ...held, destinationNamedBy: 'ana@ops' }, deposit);
      expect(await settlement(named.refundId)).toEqual({
        refundId: named.refundId,
        transactionId: null,
        blockchain: 'CELO',
        status: 'SENT',
        onChainTx: expect.any(String),
        reason: null,
        settledAt: expect.any(String),
      });
      expect(increase(before, await balances.CELO())).toBe('1500000');
    });

    it('refuses more than the deposit recorded, and more in all than it has left, and sends what fits once', async () => {
      const before = await balances.CELO();
      const deposit = await recordDeposit({ ...celo('3.75'), sender: customer() });

      const tooMuch = await request(celo('3.750001'), deposit);
      await refusedWithNothingSent(tooMuch.refundId, 'refund exceeds what the deposit has left to refund');
      const first = await request(celo('2.5'), deposit);
      expect(await settlement(first.refundId)).toMatchObject({ status: 'SENT' });
      const beyondTheRest = await request(celo('1.5'), deposit);
      await refusedWithNothingSent(
        beyondTheRest.refundId,
        'refund exceeds what the deposit has left to refund',
      );
      const theRest = await request(celo('1.25'), deposit);
      expect(await settlement(theRest.refundId)).toMatchObject({ status: 'SENT' });

      // 2.5 + 1.25 tokens of 6 decimals: exactly the deposit, each refund sent once.
      expect(increase(before, await balances.CELO())).toBe('3750000');
      expect(await attempts(first.refundId)).toEqual([{ state: 'LANDED' }]);
      expect(await attempts(theRest.refundId)).toEqual([{ state: 'LANDED' }]);
    });
  });
});
