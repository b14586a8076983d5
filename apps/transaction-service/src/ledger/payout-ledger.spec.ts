import { describe, expect, it } from '@jest/globals';
import { Blockchain, type ChainLedgerEntry } from '@shared/contracts';
import { FixedClock } from '@shared/util';
import type { ChainWatchersClient } from '../core/upstreams/chain-watchers.client.js';
import type { PayoutBooks, PayoutBooksQuery } from './payout-books.query.js';
import { PayoutLedger } from './payout-ledger.js';

const NOW = new Date('2026-12-06T10:00:00.000Z');

function ledgerOf(books: PayoutBooks[], chain: ChainLedgerEntry[]) {
  return new PayoutLedger(
    { books: async () => books } as unknown as PayoutBooksQuery,
    { ledger: async () => ({ entries: chain }) } as unknown as ChainWatchersClient,
    new FixedClock(NOW),
  );
}

describe(PayoutLedger.name, () => {
  it('balances to the unit when every unit received is funded, refunded, in flight or held', async () => {
    const ledger = ledgerOf(
      [
        {
          blockchain: Blockchain.CELO,
          cryptoCurrency: 'USDC',
          funded: '101.020000',
          refunded: '1.500000000000000000',
          refundsInFlight: '0.000001',
          held: '88.39',
        },
      ],
      [
        {
          blockchain: Blockchain.CELO,
          cryptoCurrency: 'USDC',
          received: '190.910001',
          treasuryFunded: '5',
          sweptToTreasury: '101.02',
        },
      ],
    );
    expect(await ledger.read()).toEqual({
      generatedAt: NOW.toISOString(),
      entries: [
        {
          blockchain: 'CELO',
          cryptoCurrency: 'USDC',
          received: '190.910001',
          funded: '101.02',
          refunded: '1.5',
          refundsInFlight: '0.000001',
          held: '88.39',
          sweptToTreasury: '101.02',
          treasuryFunded: '5',
          difference: '0',
        },
      ],
    });
  });

  it('shows a transfer recorded on one side only as a difference, and a chain or currency either side lacks', async () => {
    const ledger = ledgerOf(
      [
        {
          blockchain: Blockchain.STELLAR,
          cryptoCurrency: 'USDC',
          funded: '10',
          refunded: '0',
          refundsInFlight: '0',
          held: '0',
        },
      ],
      [
        {
          blockchain: Blockchain.STELLAR,
          cryptoCurrency: 'USDC',
          received: '12.5',
          treasuryFunded: '1000000',
          sweptToTreasury: '0',
        },
        {
          blockchain: Blockchain.SOLANA,
          cryptoCurrency: 'USDT',
          received: '3',
          treasuryFunded: '0',
          sweptToTreasury: '3',
        },
      ],
    );
    const { entries } = await ledger.read();
    expect(
      entries.map(({ blockchain, cryptoCurrency, difference }) => [blockchain, cryptoCurrency, difference]),
    ).toEqual([
      ['SOLANA', 'USDT', '3'],
      ['STELLAR', 'USDC', '2.5'],
    ]);
  });
});
