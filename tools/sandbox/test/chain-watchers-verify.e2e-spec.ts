import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { Connection, Keypair, PublicKey, Transaction } from '@solana/web3.js';
import {
  createTransferCheckedInstruction,
  createTransferInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import { Contract, JsonRpcProvider, NonceManager } from 'ethers';
import { Asset, Horizon, Memo, Operation, TransactionBuilder } from '@stellar/stellar-sdk';
import { chainWatchersDefinition } from '@apps/chain-watchers';
import { InternalTokenService, type RunningService } from '@platform/http';
import { InMemoryEventBus } from '@platform/messaging';
import { expectEventually, startTestDatabase, type TestDatabase } from '@platform/test-support';
import { TEST_INTERNAL_AUTH_SECRET, startTestService } from '@platform/testing';
import { ServiceName } from '@shared/contracts';
import { sandboxTokenArtifact } from '../src/evm-chain/sandbox-token.artifact.js';
import { evmSandboxWallet, solanaSandboxKeypair, stellarSandboxKeypair } from '../src/sandbox-wallets.js';
import { startSandbox, type Sandbox } from '../src/start-sandbox.js';
import { chainWatchersEnv, startFakeUpstreams, type FakeUpstreams } from './fake-upstreams.js';

const TRANSACTION_ID = '3f1c0b9e-8a5d-4c1e-9b7a-2d4e6f8a0c1b';
// Long enough that the first verify surely comes before finality, even on a busy machine; the
// checks after it wait for finality as long as it takes, not a fixed time.
const FINALITY_MS = 5_000;
const AFTER_FINALITY = { timeoutMs: 30_000, intervalMs: 200 };

// chain-watchers' POST /internal/verify over HTTP, against the sandbox chains with the real SDKs.
describe('chain-watchers POST /internal/verify', () => {
  let sandbox: Sandbox;
  let upstreams: FakeUpstreams;
  let database: TestDatabase;
  let service: RunningService;
  let token: string;
  const bus = new InMemoryEventBus();

  beforeAll(async () => {
    sandbox = await startSandbox({ solanaFinalizeDelayMs: FINALITY_MS });
    upstreams = await startFakeUpstreams(sandbox);
    database = await startTestDatabase();
    await bus.connect();
    service = await startTestService(chainWatchersDefinition, {
      databaseUrl: database.url,
      bus,
      env: { ...chainWatchersEnv(sandbox, upstreams), CELO_CONFIRMATIONS: '2' },
    });
    token = await new InternalTokenService(TEST_INTERNAL_AUTH_SECRET).sign({
      kind: 'service',
      service: ServiceName.TransactionService,
    });
  });
  afterAll(async () => {
    await service?.close();
    await bus.disconnect();
    await database?.drop();
    await upstreams?.close();
    await sandbox?.close();
  });

  const verify = (body: object) =>
    request(service.url).post('/internal/verify').set('x-internal-identity', token).send(body);

  describe('Solana', () => {
    const customer = solanaSandboxKeypair('customer');
    const treasury = solanaSandboxKeypair('treasury');
    const send = async (transaction: Transaction, skipPreflight = false) => {
      const connection = new Connection(sandbox.solana.url, 'confirmed');
      transaction.recentBlockhash = (await connection.getLatestBlockhash()).blockhash;
      transaction.feePayer = customer.publicKey;
      transaction.sign(customer);
      return connection.sendRawTransaction(transaction.serialize(), { skipPreflight });
    };
    const accounts = (asset: 'USDC' | 'USDT', owner: PublicKey) => {
      const mint = new PublicKey(sandbox.solana.mints[asset].mint);
      const programId = new PublicKey(sandbox.solana.mints[asset].programId);
      return {
        mint,
        programId,
        from: getAssociatedTokenAddressSync(mint, customer.publicKey, false, programId),
        to: getAssociatedTokenAddressSync(mint, owner, false, programId),
      };
    };

    it('reports Token-2022 transferChecked and SPL Token transfer once finalized, not before', async () => {
      const usdt = accounts('USDT', treasury.publicKey);
      const usdc = accounts('USDC', treasury.publicKey);
      const signature = await send(
        new Transaction().add(
          createTransferCheckedInstruction(
            usdt.from,
            usdt.mint,
            usdt.to,
            customer.publicKey,
            12_345_678n,
            6,
            [],
            usdt.programId,
          ),
          createTransferInstruction(usdc.from, usdc.to, customer.publicKey, 500_000n, [], usdc.programId),
        ),
      );
      const body = { blockchain: 'SOLANA', onChainTx: signature, transactionId: TRANSACTION_ID };
      expect((await verify(body).expect(200)).body).toEqual({ status: 'not_found' });
      await expectEventually(
        async () => expect((await verify(body).expect(200)).body).toMatchObject({ status: 'found' }),
        AFTER_FINALITY,
      );
      const common = {
        blockchain: 'SOLANA',
        onChainTx: signature,
        depositAddress: treasury.publicKey.toBase58(),
        sender: customer.publicKey.toBase58(),
        memo: null,
        transactionId: TRANSACTION_ID,
        confirmedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      };
      expect((await verify(body).expect(200)).body).toEqual({
        status: 'found',
        transfers: [
          {
            ...common,
            transferIndex: 0,
            cryptoCurrency: 'USDT',
            asset: usdt.mint.toBase58(),
            amount: '12.345678',
          },
          { ...common, transferIndex: 1, cryptoCurrency: 'USDC', asset: usdc.mint.toBase58(), amount: '0.5' },
        ],
      });
    });

    it('answers invalid for a failed transaction and for a transfer to someone else, not_found for an unknown one', async () => {
      const usdc = accounts('USDC', treasury.publicKey);
      const failed = await send(
        new Transaction().add(
          createTransferInstruction(usdc.from, usdc.to, customer.publicKey, 10n ** 15n, [], usdc.programId),
        ),
        true,
      );
      const elsewhere = accounts('USDC', customer.publicKey);
      const selfTransfer = await send(
        new Transaction().add(
          createTransferInstruction(usdc.from, elsewhere.to, customer.publicKey, 1n, [], usdc.programId),
        ),
      );
      await expectEventually(
        async () =>
          expect((await verify({ blockchain: 'SOLANA', onChainTx: failed }).expect(200)).body).toEqual({
            status: 'invalid',
            reason: 'failed',
          }),
        AFTER_FINALITY,
      );
      await expectEventually(
        async () =>
          expect((await verify({ blockchain: 'SOLANA', onChainTx: selfTransfer }).expect(200)).body).toEqual({
            status: 'invalid',
            reason: 'no_deposit',
          }),
        AFTER_FINALITY,
      );
      const unknown = Keypair.generate().publicKey.toBase58() + Keypair.generate().publicKey.toBase58();
      expect(
        (await verify({ blockchain: 'SOLANA', onChainTx: unknown.slice(0, 88) }).expect(200)).body,
      ).toEqual({
        status: 'not_found',
      });
    });
  });

  describe('Celo', () => {
    let provider: JsonRpcProvider;
    beforeAll(() => {
      provider = new JsonRpcProvider(sandbox.evm.url, 42220, { staticNetwork: true, pollingInterval: 50 });
    });
    afterAll(() => provider.destroy());
    // One nonce manager for the customer: the sandbox chain does not queue transactions.
    let customer: NonceManager;
    beforeAll(() => {
      customer = new NonceManager(evmSandboxWallet('customer').connect(provider));
    });
    const token = (asset: 'USDC' | 'USDT') =>
      new Contract(sandbox.evm.tokens[asset], sandboxTokenArtifact.abi as never, customer);

    it('reports a Transfer log of the active token once it has the configured confirmations', async () => {
      const treasury = evmSandboxWallet('treasury').address;
      const sent = await token('USDT').getFunction('transfer')(treasury, 7_250_000n);
      const body = { blockchain: 'CELO', onChainTx: sent.hash };
      expect((await verify(body).expect(200)).body).toEqual({ status: 'not_found' });
      await sandbox.evm.request('evm_mine');
      expect((await verify(body).expect(200)).body).toEqual({
        status: 'found',
        transfers: [
          {
            blockchain: 'CELO',
            onChainTx: sent.hash,
            transferIndex: 0,
            cryptoCurrency: 'USDT',
            asset: sandbox.evm.tokens.USDT,
            depositAddress: treasury,
            sender: evmSandboxWallet('customer').address,
            amount: '7.25',
            memo: null,
            transactionId: null,
            confirmedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
          },
        ],
      });
    });

    it('answers invalid for a reverted transfer and for a transfer elsewhere, not_found for an unknown hash', async () => {
      const reverted = await token('USDC').getFunction('transfer')(
        evmSandboxWallet('treasury').address,
        10n ** 20n,
        {
          gasLimit: 100_000n,
        },
      );
      const elsewhere = await token('USDC').getFunction('transfer')(evmSandboxWallet('issuer').address, 1n);
      await sandbox.evm.request('evm_mine');
      expect((await verify({ blockchain: 'CELO', onChainTx: reverted.hash }).expect(200)).body).toEqual({
        status: 'invalid',
        reason: 'failed',
      });
      expect((await verify({ blockchain: 'CELO', onChainTx: elsewhere.hash }).expect(200)).body).toEqual({
        status: 'invalid',
        reason: 'no_deposit',
      });
      expect(
        (await verify({ blockchain: 'CELO', onChainTx: `0x${'ab'.repeat(32)}` }).expect(200)).body,
      ).toEqual({
        status: 'not_found',
      });
    });
  });

  describe('Stellar', () => {
    it('reports a payment of the active asset with its memo, and not_found for an unknown hash', async () => {
      const server = new Horizon.Server(sandbox.horizon.url, { allowHttp: true });
      const customer = stellarSandboxKeypair('customer');
      const treasury = stellarSandboxKeypair('treasury').publicKey();
      const transaction = new TransactionBuilder(await server.loadAccount(customer.publicKey()), {
        fee: '100',
        networkPassphrase: sandbox.horizon.networkPassphrase,
      })
        .addOperation(Operation.payment({ destination: treasury, asset: Asset.native(), amount: '1' }))
        .addOperation(
          Operation.payment({
            destination: treasury,
            asset: new Asset('USDC', sandbox.horizon.issuers.USDC),
            amount: '20.5',
          }),
        )
        .addMemo(Memo.text('ref-123'))
        .setTimeout(60)
        .build();
      transaction.sign(customer);
      const { hash } = await server.submitTransaction(transaction);
      expect((await verify({ blockchain: 'STELLAR', onChainTx: hash }).expect(200)).body).toEqual({
        status: 'found',
        transfers: [
          {
            blockchain: 'STELLAR',
            onChainTx: hash,
            transferIndex: 1,
            cryptoCurrency: 'USDC',
            asset: `${sandbox.horizon.issuers.USDC}:USDC`,
            depositAddress: treasury,
            sender: customer.publicKey(),
            amount: '20.5',
            memo: 'ref-123',
            transactionId: null,
            confirmedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
          },
        ],
      });
      expect((await verify({ blockchain: 'STELLAR', onChainTx: 'ab'.repeat(32) }).expect(200)).body).toEqual({
        status: 'not_found',
      });
    });
  });

  describe('the route', () => {
    it('needs a service identity', async () => {
      await request(service.url)
        .post('/internal/verify')
        .send({ blockchain: 'CELO', onChainTx: '0x00' })
        .expect(401);
    });

    it('refuses a request without a known blockchain or a transaction', async () => {
      const missing = await verify({ onChainTx: '0x00' }).expect(400);
      const unknownChain = await verify({ blockchain: 'BITCOIN', onChainTx: '0x00' }).expect(400);
      const noTransaction = await verify({ blockchain: 'CELO' }).expect(400);
      const refusal = (reason: string) => ({
        message: reason,
        code: 'invalid_request',
        reason,
        retryable: false,
      });
      expect(missing.body).toEqual(refusal('blockchain is required'));
      expect(unknownChain.body).toEqual(
        refusal('blockchain must be one of the following values: STELLAR, SOLANA, CELO'),
      );
      expect(noTransaction.body).toEqual(refusal('onChainTx should not be empty'));
    });
  });
});
