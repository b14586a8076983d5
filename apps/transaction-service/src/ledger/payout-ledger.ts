import { Injectable } from '@nestjs/common';
import { decimal } from '@payout/money';
import type { ChainLedgerEntry } from '@shared/contracts';
import { Clock } from '@shared/util';
import { ChainWatchersClient } from '../core/upstreams/chain-watchers.client.js';
import type { LedgerEntryDto, LedgerResponseDto } from './ledger.response.dto.js';
import { PayoutBooksQuery, type PayoutBooks } from './payout-books.query.js';

type Key = Pick<PayoutBooks, 'blockchain' | 'cryptoCurrency'>;
type BooksSide = Omit<PayoutBooks, keyof Key>;
type ChainSide = Omit<ChainLedgerEntry, keyof Key>;

const NOTHING_DONE: BooksSide = { funded: '0', refunded: '0', refundsInFlight: '0', held: '0' };
const NOTHING_SEEN: ChainSide = { received: '0', treasuryFunded: '0', sweptToTreasury: '0' };

// Where every unit that reached our addresses is, per chain and currency: what the chains showed
// chain-watchers (received, treasury funding, sweeps) against what this service did with it
// (funded, refunded, in flight, held). The difference is zero when every unit is accounted for;
// anything else is a transfer recorded on one side only (an event still on its way, or lost).
@Injectable()
export class PayoutLedger {
  constructor(
    private readonly books: PayoutBooksQuery,
    private readonly chainWatchers: ChainWatchersClient,
    private readonly clock: Clock,
  ) {}

  async read(): Promise<LedgerResponseDto> {
    const generatedAt = this.clock.now().toISOString();
    const [books, chain] = await Promise.all([this.books.books(), this.chainWatchers.ledger()]);
    const keys = new Map<string, Key>();
    for (const { blockchain, cryptoCurrency } of [...books, ...chain.entries])
      keys.set(keyOf({ blockchain, cryptoCurrency }), { blockchain, cryptoCurrency });
    const entries = [...keys.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, named]) =>
        entryOf(
          named,
          books.find((entry) => keyOf(entry) === key) ?? NOTHING_DONE,
          chain.entries.find((entry) => keyOf(entry) === key) ?? NOTHING_SEEN,
        ),
      );
    return { generatedAt, entries };
  }
}

function keyOf({ blockchain, cryptoCurrency }: Key): string {
  return `${blockchain}:${cryptoCurrency}`;
}

function entryOf(key: Key, done: BooksSide, seen: ChainSide): LedgerEntryDto {
  const exact = (amount: string) => decimal(amount).toFixed();
  const difference = decimal(seen.received)
    .minus(decimal(done.funded))
    .minus(decimal(done.refunded))
    .minus(decimal(done.refundsInFlight))
    .minus(decimal(done.held));
  return {
    blockchain: key.blockchain,
    cryptoCurrency: key.cryptoCurrency,
    received: exact(seen.received),
    funded: exact(done.funded),
    refunded: exact(done.refunded),
    refundsInFlight: exact(done.refundsInFlight),
    held: exact(done.held),
    sweptToTreasury: exact(seen.sweptToTreasury),
    treasuryFunded: exact(seen.treasuryFunded),
    difference: difference.toFixed(),
  };
}
