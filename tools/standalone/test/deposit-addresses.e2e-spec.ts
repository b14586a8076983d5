import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Connection, PublicKey } from '@solana/web3.js';
import { AccountLayout, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Contract, JsonRpcProvider, parseUnits } from 'ethers';
import { InternalTokenService } from '@platform/http';
import { createLogger } from '@platform/logging';
import { expectEventually } from '@platform/test-support';
import { ServiceName } from '@shared/contracts';
import { payDepositTarget } from '../../sandbox/src/deposits/pay-deposit-target.js';
import type { DepositTarget } from '../../sandbox/src/deposits/sandbox-deposit.js';
import { evmSandboxWallet, solanaSandboxKeypair } from '../../sandbox/src/sandbox-wallets.js';
import { startStandalone, type Standalone } from '../src/start-standalone.js';

type Network = 'SOLANA' | 'CELO';

interface Accepted {
  readonly id: string;
  readonly payment_context: DepositTarget;
}

interface Sweep {
  readonly status: string;
  readonly destination: string;
  readonly txHash: string | null;
  readonly networkFee: string | null;
  readonly gasFunded: string | null;
  readonly items: ReadonlyArray<{ transactionId: string; address: string; amount: string }>;
  readonly attempts: ReadonlyArray<{ kind: string; state: string }>;
}

const refusal = (code: string, reason: string, retryable = false) => ({ code, reason, retryable });

// Every Solana and Celo transaction has its own deposit address, on the whole product with the
// sandbox chains: a transfer funds only the transaction whose address it paid (another partner's,
// or another of the same partner's, is refused), a deposit nobody reports is found by
// chain-watchers' watch, and the deposits are swept to the treasury once.
describe('per-transaction deposit addresses on the sandbox', () => {
  let dataDir: string;
  let system: Standalone;
  let opsKey: string;
  let internalToken: string;
  let partnerA: string;
  let partnerB: string;
  // What customers paid into transactions' own addresses, for the sweep.
  const paidIn: Array<{ network: Network; address: string; amount: string }> = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'deposit-addresses-'));
    system = await startStandalone({
      port: 0,
      dataDir,
      logLevel: 'silent',
      logger: createLogger({ service: 'deposit-addresses-test', level: 'silent' }),
      // Watch often; sweep only when the suite says so (POST /internal/sweeps/run).
      baseEnv: { DEPOSIT_WATCH_INTERVAL_MS: '300', SWEEP_INTERVAL_MS: '3600000' },
    });
    const secrets = JSON.parse(await readFile(join(dataDir, 'secrets.json'), 'utf8')) as {
      opsApiKey: string;
      internalAuthSecret: string;
    };
    opsKey = secrets.opsApiKey;
    internalToken = await new InternalTokenService(secrets.internalAuthSecret).sign({
      kind: 'service',
      service: ServiceName.TransactionService,
    });
    partnerA = await createPartner('Partner A');
    partnerB = await createPartner('Partner B');
  }, 120_000);

  afterAll(async () => {
    await system?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function createPartner(name: string): Promise<string> {
    const response = await fetch(`${system.gatewayUrl}/ops/partners`, {
      method: 'POST',
      headers: { 'X-OPS-API-KEY': opsKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { apiKey: string }).apiKey;
  }

  async function api(apiKey: string, method: string, path: string, body?: object) {
    const response = await fetch(`${system.gatewayUrl}${path}`, {
      method,
      headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async function accept(apiKey: string, network: Network, amount: number): Promise<Accepted> {
    const route = { crypto_currency: 'USDC', network, payment_method: 'PIX', target_currency: 'BRL' };
    const quote = await api(apiKey, 'POST', '/quote', { amount, ...route });
    const accepted = await api(apiKey, 'POST', '/transaction', {
      quote_id: quote.body['quote_id'],
      user_id: 'deposit-user',
      account_number: '52998224725',
    });
    expect(accepted.status).toBe(200);
    return accepted.body as unknown as Accepted;
  }

  async function pay(accepted: Accepted): Promise<string> {
    const target = accepted.payment_context;
    const { onChainTx } = await payDepositTarget(target);
    paidIn.push({
      network: target.blockchain as Network,
      address: target.depositAddress,
      amount: String(target.amount),
    });
    return onChainTx;
  }

  const notify = (apiKey: string, network: Network, onChainTx: string, transactionId: string) =>
    api(apiKey, 'POST', '/payments/notify', {
      blockchain: network,
      on_chain_tx: onChainTx,
      transaction_id: transactionId,
    });
  const statusOf = async (apiKey: string, id: string) =>
    (await api(apiKey, 'GET', `/transaction/${id}`)).body['status'];
  const completes = (apiKey: string, id: string) =>
    expectEventually(async () => expect(await statusOf(apiKey, id)).toBe('PAYMENT_COMPLETED'), {
      timeoutMs: 30_000,
      intervalMs: 200,
    });
  const claimRefused = (paid: Accepted, claimant: Accepted) => ({
    status: 400,
    body: refusal(
      'transfer_rejected',
      `The transfer went to ${paid.payment_context.depositAddress}, not to this transaction's deposit address ${claimant.payment_context.depositAddress}`,
    ),
  });

  describe.each(['SOLANA', 'CELO'] as const)('%s', (network) => {
    it("refuses partner B's claim of partner A's customer's transfer; A's own notify completes A", async () => {
      const a = await accept(partnerA, network, 100);
      const b = await accept(partnerB, network, 50);
      expect(a.payment_context.depositAddress).not.toBe(b.payment_context.depositAddress);
      const transfer = await pay(a);

      expect(await notify(partnerB, network, transfer, b.id)).toEqual(claimRefused(a, b));
      expect(await notify(partnerA, network, transfer, a.id)).toEqual({
        status: 202,
        body: { enqueued: true },
      });
      await completes(partnerA, a.id);
      expect(await statusOf(partnerB, b.id)).toBe('AWAITING_PAYMENT');
      // B's refused claim changed nothing: its retry is refused the same way.
      expect(await notify(partnerB, network, transfer, b.id)).toEqual(claimRefused(a, b));
    }, 60_000);

    it('refuses the same claim between two transactions of one partner', async () => {
      const paid = await accept(partnerA, network, 100);
      const claimant = await accept(partnerA, network, 50);
      const transfer = await pay(paid);

      expect(await notify(partnerA, network, transfer, claimant.id)).toEqual(claimRefused(paid, claimant));
      expect(await notify(partnerA, network, transfer, paid.id)).toEqual({
        status: 202,
        body: { enqueued: true },
      });
      await completes(partnerA, paid.id);
      expect(await statusOf(partnerA, claimant.id)).toBe('AWAITING_PAYMENT');
    }, 60_000);

    it('completes a deposit nobody notified: chain-watchers watches the address', async () => {
      const accepted = await accept(partnerB, network, 80);
      const transfer = await pay(accepted);

      await completes(partnerB, accepted.id);
      expect((await api(partnerB, 'GET', `/transaction/${accepted.id}`)).body['on_chain_tx_hash']).toBe(
        transfer,
      );
    }, 60_000);
  });

  it('sweeps every deposit to the treasury once, the treasury paying the fees; a second pass moves nothing', async () => {
    const internal = (method: string, path: string) =>
      fetch(`${system.services.find(({ name }) => name === 'chain-watchers')!.url}${path}`, {
        method,
        headers: { 'x-internal-identity': internalToken },
      });
    const sweepsOf = async (network: Network) =>
      (
        (await (await internal('GET', `/internal/sweeps?blockchain=${network}`)).json()) as {
          sweeps: Sweep[];
        }
      ).sweeps;
    const solana = new Connection(system.sandbox.solana.url, 'confirmed');
    const celo = new JsonRpcProvider(system.sandbox.evm.url, 42220, { staticNetwork: true });
    const usdcMint = new PublicKey(system.sandbox.solana.mints.USDC.mint);
    const usdcProgram = new PublicKey(system.sandbox.solana.mints.USDC.programId);
    const celoUsdc = new Contract(
      system.sandbox.evm.tokens.USDC,
      ['function balanceOf(address) view returns (uint256)'],
      celo,
    );
    const solanaTokens = async (owner: PublicKey) => {
      const { value } = await solana.getTokenAccountsByOwner(owner, { mint: usdcMint });
      return value.reduce((sum, { account }) => sum + AccountLayout.decode(account.data).amount, 0n);
    };
    const treasuryAccount = getAssociatedTokenAddressSync(
      usdcMint,
      solanaSandboxKeypair('treasury').publicKey,
      false,
      usdcProgram,
    );
    const balances = async () => ({
      SOLANA: AccountLayout.decode((await solana.getAccountInfo(treasuryAccount))!.data).amount,
      CELO: (await celoUsdc.getFunction('balanceOf')(evmSandboxWallet('treasury').address)) as bigint,
      sol: await solana.getBalance(solanaSandboxKeypair('treasury').publicKey),
      celo: await celo.getBalance(evmSandboxWallet('treasury').address),
    });
    const paidOn = (network: Network) => paidIn.filter((deposit) => deposit.network === network);
    const total = (network: Network) =>
      paidOn(network).reduce((sum, { amount }) => sum + parseUnits(amount, 6), 0n);
    try {
      expect(paidOn('SOLANA')).toHaveLength(3);
      expect(paidOn('CELO')).toHaveLength(3);
      const before = await balances();

      expect((await internal('POST', '/internal/sweeps/run')).status).toBe(204);

      const after = await balances();
      expect(after.SOLANA - before.SOLANA).toBe(total('SOLANA'));
      expect(after.CELO - before.CELO).toBe(total('CELO'));
      for (const { address } of paidOn('SOLANA')) expect(await solanaTokens(new PublicKey(address))).toBe(0n);
      for (const { address } of paidOn('CELO'))
        expect(await celoUsdc.getFunction('balanceOf')(address)).toBe(0n);
      // Solana: one transaction for the batch, its fee paid by the treasury.
      const [solanaSweep, ...noOtherSolana] = await sweepsOf('SOLANA');
      expect(noOtherSolana).toEqual([]);
      expect(solanaSweep).toMatchObject({
        status: 'SWEPT',
        destination: solanaSandboxKeypair('treasury').publicKey.toBase58(),
        txHash: expect.any(String),
        gasFunded: null,
        attempts: [{ kind: 'TRANSFER', state: 'LANDED' }],
      });
      expect(solanaSweep!.items.map(({ address, amount }) => ({ address, amount })).sort(byAddress)).toEqual(
        paidOn('SOLANA')
          .map(({ address, amount }) => ({ address, amount }))
          .sort(byAddress),
      );
      expect(BigInt(before.sol - after.sol)).toBe(parseUnits(solanaSweep!.networkFee!, 9));
      // Celo: one sweep per address, its gas sent by the treasury first.
      const celoSweeps = await sweepsOf('CELO');
      expect(celoSweeps).toHaveLength(3);
      for (const sweep of celoSweeps) {
        expect(sweep).toMatchObject({
          status: 'SWEPT',
          destination: evmSandboxWallet('treasury').address,
          attempts: [
            { kind: 'GAS', state: 'LANDED' },
            { kind: 'TRANSFER', state: 'LANDED' },
          ],
        });
        expect(parseUnits(sweep.gasFunded!, 18)).toBeGreaterThan(0n);
        expect(parseUnits(sweep.networkFee!, 18)).toBeGreaterThan(0n);
      }
      expect(
        celoSweeps
          .map(({ items }) => items.map(({ address }) => address))
          .flat()
          .sort(),
      ).toEqual(
        paidOn('CELO')
          .map(({ address }) => address)
          .sort(),
      );

      // Nothing left to sweep: a second pass signs nothing and records nothing.
      expect((await internal('POST', '/internal/sweeps/run')).status).toBe(204);
      expect(await balances()).toEqual(after);
      expect(await sweepsOf('SOLANA')).toHaveLength(1);
      expect(await sweepsOf('CELO')).toHaveLength(3);
    } finally {
      celo.destroy();
    }
  }, 90_000);
});

const byAddress = (a: { address: string }, b: { address: string }) => a.address.localeCompare(b.address);
