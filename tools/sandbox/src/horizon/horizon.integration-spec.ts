import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Asset, Horizon, Keypair, Memo, Operation, TransactionBuilder } from '@stellar/stellar-sdk';
import { expectEventually } from '@platform/test-support';
import { stellarSandboxKeypair } from '../sandbox-wallets.js';
import { startHorizon, type HorizonSimulator } from './horizon.simulator.js';

// The real Stellar SDK against the simulator: what chain-watchers and the CLI rely on.
describe('Horizon simulator', () => {
  let sim: HorizonSimulator;
  let server: Horizon.Server;
  const customer = stellarSandboxKeypair('customer');
  const treasury = stellarSandboxKeypair('treasury');

  beforeAll(async () => {
    sim = await startHorizon();
    server = new Horizon.Server(sim.url, { allowHttp: true });
  });
  afterAll(() => sim.close());

  const pay = async (signer: Keypair, operation: ReturnType<typeof Operation.payment>, memo?: string) => {
    const account = await server.loadAccount(signer.publicKey());
    const builder = new TransactionBuilder(account, { fee: '100', networkPassphrase: sim.networkPassphrase })
      .addOperation(operation)
      .setTimeout(60);
    if (memo) builder.addMemo(Memo.text(memo));
    const transaction = builder.build();
    transaction.sign(signer);
    return { transaction, submitted: () => server.submitTransaction(transaction) };
  };
  const usdc = () => new Asset('USDC', sim.issuers.USDC);

  it('funds the sandbox wallets with every asset', async () => {
    const account = await server.loadAccount(customer.publicKey());
    expect(account.balances).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          asset_code: 'USDC',
          asset_issuer: sim.issuers.USDC,
          balance: '1000000.0000000',
        }),
        expect.objectContaining({ asset_code: 'USDT', balance: '1000000.0000000' }),
      ]),
    );
  });

  it('applies a signed payment with a memo: transaction, operations and the payments stream show it', async () => {
    const seen: Array<{ amount: string; transaction_hash: string; paging_token: string }> = [];
    const stop = server
      .payments()
      .forAccount(treasury.publicKey())
      .cursor('now')
      .stream({ onmessage: (record) => void seen.push(record as never) });
    try {
      const { submitted } = await pay(
        customer,
        Operation.payment({ destination: treasury.publicKey(), asset: usdc(), amount: '12.5' }),
        'memo-abc',
      );
      const result = await submitted();
      const transaction = await server.transactions().transaction(result.hash).call();
      expect(transaction).toMatchObject({ memo: 'memo-abc', memo_type: 'text', successful: true });
      const operations = await server.operations().forTransaction(result.hash).call();
      expect(operations.records).toEqual([
        expect.objectContaining({
          type: 'payment',
          amount: '12.5000000',
          from: customer.publicKey(),
          asset_code: 'USDC',
        }),
      ]);
      await expectEventually(() =>
        expect(seen.map((r) => [r.amount, r.transaction_hash])).toEqual([['12.5000000', result.hash]]),
      );
      // Resuming from a cursor replays only what came after it.
      const page = await server
        .payments()
        .forAccount(treasury.publicKey())
        .cursor(seen[0]!.paging_token)
        .call();
      expect(page.records).toEqual([]);
    } finally {
      stop();
    }
  });

  it('answers a resubmitted transaction with the recorded result instead of applying it twice', async () => {
    const before = await server.loadAccount(treasury.publicKey());
    const { submitted } = await pay(
      customer,
      Operation.payment({ destination: treasury.publicKey(), asset: usdc(), amount: '1' }),
    );
    const first = await submitted();
    const second = await submitted();
    expect(second.hash).toBe(first.hash);
    const after = await server.loadAccount(treasury.publicKey());
    const balance = (account: typeof before) =>
      account.balances.find((b) => 'asset_code' in b && b.asset_code === 'USDC')!.balance;
    expect(Number(balance(after)) - Number(balance(before))).toBe(1);
  });

  it('refuses a transaction not signed by its source, and an underfunded payment', async () => {
    const { transaction } = await pay(
      customer,
      Operation.payment({ destination: treasury.publicKey(), asset: usdc(), amount: '1' }),
    );
    transaction.signatures.splice(0);
    transaction.sign(Keypair.random());
    await expect(server.submitTransaction(transaction)).rejects.toMatchObject({
      response: { status: 400, data: { extras: { result_codes: { transaction: 'tx_bad_auth' } } } },
    });
    const { submitted } = await pay(
      customer,
      Operation.payment({ destination: treasury.publicKey(), asset: usdc(), amount: '99999999' }),
    );
    await expect(submitted()).rejects.toMatchObject({
      response: {
        data: { extras: { result_codes: { transaction: 'tx_failed', operations: ['op_underfunded'] } } },
      },
    });
  });

  it('applies same-asset path payments and reports them as path payments', async () => {
    const account = await server.loadAccount(customer.publicKey());
    const transaction = new TransactionBuilder(account, {
      fee: '100',
      networkPassphrase: sim.networkPassphrase,
    })
      .addOperation(
        Operation.pathPaymentStrictSend({
          sendAsset: usdc(),
          sendAmount: '3',
          destination: treasury.publicKey(),
          destAsset: usdc(),
          destMin: '3',
          path: [],
        }),
      )
      .setTimeout(60)
      .build();
    transaction.sign(customer);
    const result = await server.submitTransaction(transaction);
    const payments = await server.payments().forTransaction(result.hash).call();
    expect(payments.records).toEqual([
      expect.objectContaining({
        type: 'path_payment_strict_send',
        amount: '3.0000000',
        to: treasury.publicKey(),
      }),
    ]);
  });

  it('answers 404 for an unknown transaction and account', async () => {
    await expect(server.transactions().transaction('00'.repeat(32)).call()).rejects.toMatchObject({
      response: { status: 404 },
    });
    await expect(server.loadAccount(Keypair.random().publicKey())).rejects.toMatchObject({
      response: { status: 404 },
    });
  });
});
