import { Clock } from '@shared/util';
import { RateProvider, parsePairList, type CurrencyPair, type ObservedRate } from './rate-provider.js';

const TIMEOUT_MS = 3_000;
const DECIMAL = /^[0-9]+(\.[0-9]+)?$/;

// A public exchange's best bid from its book ticker (the Binance REST protocol, which several
// venues share). A payout sells crypto for fiat, so the bid is the price we can count on.
export class MarketTickerRateProvider extends RateProvider {
  readonly name = 'market';
  private readonly symbols: Array<[CurrencyPair, string]>;

  constructor(
    private readonly baseUrl: string,
    symbols: string,
    private readonly clock: Clock,
  ) {
    super();
    this.symbols = parsePairList(symbols);
  }

  pairs(): readonly CurrencyPair[] {
    return this.symbols.map(([pair]) => pair);
  }

  async fetch(pair: CurrencyPair): Promise<ObservedRate> {
    const symbol = this.symbols.find(
      ([candidate]) => candidate.crypto === pair.crypto && candidate.fiat === pair.fiat,
    )?.[1];
    if (!symbol) throw new Error(`no market symbol for ${pair.crypto}/${pair.fiat}`);
    const url = new URL('/api/v3/ticker/bookTicker', this.baseUrl);
    url.searchParams.set('symbol', symbol);
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!response.ok) throw new Error(`ticker ${symbol} answered ${response.status}`);
    const { bidPrice } = (await response.json()) as { bidPrice?: unknown };
    if (typeof bidPrice !== 'string' || !DECIMAL.test(bidPrice) || Number(bidPrice) === 0) {
      throw new Error(`ticker ${symbol} sent no usable bid`);
    }
    return { fiatPerCrypto: bidPrice, observedAt: this.clock.now(), source: `${this.name}:${symbol}` };
  }
}
