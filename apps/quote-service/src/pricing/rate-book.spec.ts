import { describe, expect, it } from '@jest/globals';
import { createLogger } from '@platform/logging';
import { CryptoCurrency, TargetCurrency } from '@shared/contracts';
import { FixedClock } from '@shared/util';
import type { QuoteServiceConfig } from '../core/quote-service.config.js';
import { QuoteError } from '../core/errors/quote.errors.js';
import { RateBook } from './rate-book.js';
import { RateProvider, type CurrencyPair, type ObservedRate } from './rate-provider.js';

const pair: CurrencyPair = { crypto: CryptoCurrency.USDC, fiat: TargetCurrency.COP };

class ScriptedProvider extends RateProvider {
  readonly name = 'scripted';
  answer: (() => Promise<string>) | null = async () => '4000';

  constructor(private readonly clock: FixedClock) {
    super();
  }

  pairs(): readonly CurrencyPair[] {
    return [pair];
  }

  async fetch(): Promise<ObservedRate> {
    if (!this.answer) throw new Error('provider down');
    return { fiatPerCrypto: await this.answer(), observedAt: this.clock.now(), source: this.name };
  }
}

function setup() {
  const clock = new FixedClock(new Date('2026-01-01T00:00:00Z'));
  const provider = new ScriptedProvider(clock);
  const config = { RATE_MAX_AGE_MS: 60_000, RATE_REFRESH_MS: 10_000 } as QuoteServiceConfig;
  const sut = new RateBook(provider, config, clock, createLogger({ service: 'test', level: 'silent' }));
  return { clock, provider, sut };
}

describe(RateBook.name, () => {
  it('serves the last refreshed rate', async () => {
    const { sut } = setup();
    await sut.refresh();
    expect(sut.current(pair)).toMatchObject({ fiatPerCrypto: '4000', source: 'scripted' });
  });

  it('refuses a pair it never priced', () => {
    const { sut } = setup();
    expect(() => sut.current(pair)).toThrow(QuoteError);
  });

  it('keeps the last good rate through a failed refresh, until it is too old', async () => {
    const { clock, provider, sut } = setup();
    await sut.refresh();
    provider.answer = null;

    clock.advanceBy(30_000);
    await sut.refresh();
    expect(sut.current(pair).fiatPerCrypto).toBe('4000');

    clock.advanceBy(30_001);
    expect(() => sut.current(pair)).toThrow('No current USDC/COP price; try again shortly');
  });
});
