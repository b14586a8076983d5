import { describe, expect, it } from '@jest/globals';
import { Blockchain, CryptoCurrency, type DepositDetectedV1 } from '@shared/contracts';
import type { TransactionTracesClient } from '../core/upstreams/transaction-traces.client.js';
import type { DepositAccountsRepository } from '../deposit-accounts/deposit-accounts.repository.js';
import { DepositTransactionFinder } from './deposit-transaction-finder.js';

const TRANSACTION_ID = '0b9d1c54-7c25-4c53-a0f6-2a4f0d9e1f10';
const REFERENCE = 'C51cVHwlTFOg9ipPDZ4fEA==';
const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

const transfer = (overrides: Partial<DepositDetectedV1>): DepositDetectedV1 => ({
  blockchain: Blockchain.STELLAR,
  onChainTx: 'a'.repeat(64),
  transferIndex: 0,
  cryptoCurrency: CryptoCurrency.USDC,
  asset: 'USDC:GBBD47IF6LWK7P7MDEVSCWR7DPUWV3NY3DTQEVFL4NAT4AQH3ZLLFLA5',
  depositAddress: 'GAXHWB7K4DAES7VIF3Y2RBYYTD2UNJ76WH5OE5ACBQ5GECYHO4KXXPOX',
  sender: 'GCUSTOMERXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX',
  amount: '88.39',
  memo: null,
  transactionId: null,
  confirmedAt: '2026-12-06T10:00:00.000Z',
  ...overrides,
});

function setUp() {
  const asked: string[] = [];
  const sut = new DepositTransactionFinder(
    {
      traceOf: async (_chain: Blockchain, id: string) =>
        id === TRANSACTION_ID ? { traceparent: TRACEPARENT } : null,
    } as unknown as DepositAccountsRepository,
    {
      ofReference: async (reference: string) => {
        asked.push(reference);
        return reference === REFERENCE ? { transactionId: TRANSACTION_ID, traceparent: TRACEPARENT } : null;
      },
    } as unknown as TransactionTracesClient,
  );
  return { sut, asked };
}

describe(DepositTransactionFinder.name, () => {
  it("finds a deposit to a transaction's own account and the trace kept with the account", async () => {
    const { sut, asked } = setUp();
    const fact = transfer({ blockchain: Blockchain.SOLANA, transactionId: TRANSACTION_ID });
    expect(await sut.find({ fact, memoProblem: null })).toEqual({
      transactionId: TRANSACTION_ID,
      traceparent: TRACEPARENT,
    });
    expect(asked).toEqual([]);
  });

  it('asks transaction-service which transaction a well-formed memo names, and its trace', async () => {
    const { sut, asked } = setUp();
    expect(await sut.find({ fact: transfer({ memo: REFERENCE }), memoProblem: null })).toEqual({
      transactionId: TRANSACTION_ID,
      traceparent: TRACEPARENT,
    });
    expect(asked).toEqual([REFERENCE]);
  });

  it.each([
    ['no memo', null, 'missing'],
    ['a malformed memo', 'invoice 42', 'malformed'],
  ])('asks nothing for a memo-bound deposit with %s', async (_case, memo, memoProblem) => {
    const { sut, asked } = setUp();
    expect(await sut.find({ fact: transfer({ memo }), memoProblem })).toBeNull();
    expect(asked).toEqual([]);
  });
});
