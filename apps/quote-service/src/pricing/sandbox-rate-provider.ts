import { Clock } from '@shared/util';
import { RateProvider, parsePairList, type CurrencyPair, type ObservedRate } from './rate-provider.js';

// Deterministic rates for development, tests and demos (SANDBOX_RATES).
export class SandboxRateProvider extends RateProvider {
  readonly name = 'sandbox';
  private readonly rates: Array<[CurrencyPair, string]>;

  constructor(
    rates: string,
    private readonly clock: Clock,
  ) {
    super();
    this.rates = parsePairList(rates);
  }

  pairs(): readonly CurrencyPair[] {
    return this.rates.map(([pair]) => pair);
  }

  async fetch(pair: CurrencyPair): Promise<ObservedRate> {
    const match = this.rates.find(
      ([candidate]) => candidate.crypto === pair.crypto && candidate.fiat === pair.fiat,
    );
    if (!match) throw new Error(`no sandbox rate for ${pair.crypto}/${pair.fiat}`);
    return { fiatPerCrypto: match[1], observedAt: this.clock.now(), source: this.name };
  }
}
