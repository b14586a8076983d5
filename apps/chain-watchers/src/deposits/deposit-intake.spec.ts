import { describe, expect, it } from '@jest/globals';
import type { Logger } from '@platform/logging';
import { Blockchain, CryptoCurrency, type DepositDetectedV1 } from '@shared/contracts';
import { FixedClock } from '@shared/util';
import type { ChainWatchersConfig } from '../core/chain-watchers.config.js';
import type { ChainAdapters } from '../core/chains/chain-adapters.js';
import type { DepositAccountsRepository } from '../deposit-accounts/deposit-accounts.repository.js';
import { DepositIntake } from './deposit-intake.js';
import type { DepositBatch, DepositLedgerRepository } from './deposit-ledger.repository.js';
import type { DepositTransactionFinder } from './deposit-transaction-finder.js';
import type { DepositWatchMetrics } from './deposit-watch.metrics.js';

const NOW = new Date('2026-12-06T10:00:00.000Z');
const ISSUER = 'GBBD47IF6LWK7P7MDEVSCWR7DPUWV3NY3DTQEVFL4NAT4AQH3ZLLFLA5';
const HOT_WALLET = 'GHOTWALLETXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX';
const CUSTOMER = 'GCUSTOMERXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX';
const DESK = 'GTREASURYDESKXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX';

const transfer = (overrides: Partial<DepositDetectedV1> = {}): DepositDetectedV1 => ({
  blockchain: Blockchain.STELLAR,
  onChainTx: 'a'.repeat(64),
  transferIndex: 0,
  cryptoCurrency: CryptoCurrency.USDC,
  asset: `${ISSUER}:USDC`,
  depositAddress: HOT_WALLET,
  sender: CUSTOMER,
  amount: '88.39',
  memo: null,
  transactionId: null,
  confirmedAt: NOW.toISOString(),
  ...overrides,
});

function setUp(ourAccounts: string[] = []) {
  const recorded: DepositBatch[] = [];
  const counted: Blockchain[] = [];
  const warnings: string[] = [];
  const intake = new DepositIntake(
    { BLOCK_TIME_TOLERANCE_MS: 30_000, TREASURY_SOURCES: [DESK] } as ChainWatchersConfig,
    { of: () => ({ hotWallet: { address: HOT_WALLET } }) } as unknown as ChainAdapters,
    {
      known: async (_chain: Blockchain, addresses: readonly string[]) =>
        addresses.filter((address) => ourAccounts.includes(address)).map((address) => ({ address })),
    } as unknown as DepositAccountsRepository,
    {
      record: async (batch: DepositBatch) => {
        recorded.push(batch);
        return true;
      },
    } as unknown as DepositLedgerRepository,
    { find: async () => null } as unknown as DepositTransactionFinder,
    { blockTimeAheadOfClock: (chain: Blockchain) => counted.push(chain) } as unknown as DepositWatchMetrics,
    new FixedClock(NOW),
    { warn: (_fields: object, message: string) => warnings.push(message) } as unknown as Logger,
  );
  const record = (fact: DepositDetectedV1) =>
    intake.record({ deposit: { fact, memoProblem: null }, foundBy: 'stream' });
  return { record, recorded, counted, warnings };
}

describe(DepositIntake.name, () => {
  it("records a customer's transfer as a deposit, confirmed at its block time", async () => {
    const { record, recorded } = setUp();
    const fact = transfer({ confirmedAt: new Date(NOW.getTime() + 29_000).toISOString() });
    expect(await record(fact)).toEqual({
      inserted: true,
      kind: 'DEPOSIT',
      deposit: { fact, memoProblem: null },
    });
    expect(recorded.map(({ kind }) => kind)).toEqual(['DEPOSIT']);
  });

  it('records a transfer whose block time runs ahead of the clock beyond the tolerance as confirmed when observed, logged and counted', async () => {
    const { record, recorded, counted, warnings } = setUp();
    const result = await record(transfer({ confirmedAt: new Date(NOW.getTime() + 272_000).toISOString() }));
    expect(result.deposit.fact.confirmedAt).toBe(NOW.toISOString());
    expect(recorded[0]!.deposit!.fact.confirmedAt).toBe(NOW.toISOString());
    expect(counted).toEqual([Blockchain.STELLAR]);
    expect(warnings).toHaveLength(1);
  });

  it.each([
    ["the token's issuer", ISSUER],
    ['our hot wallet', HOT_WALLET],
    ['a TREASURY_SOURCES address', DESK],
    ['one of our deposit accounts', 'GOURDEPOSITACCOUNT'],
  ])('records a transfer from %s as treasury funding, not a deposit', async (_who, sender) => {
    const { record, recorded } = setUp(['GOURDEPOSITACCOUNT']);
    expect((await record(transfer({ sender }))).kind).toBe('TREASURY');
    expect(recorded.map(({ kind }) => kind)).toEqual(['TREASURY']);
  });
});
