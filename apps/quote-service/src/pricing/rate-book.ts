import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { Clock } from '@shared/util';
import { QuoteServiceConfig } from '../core/quote-service.config.js';
import { QuoteError, QuoteErrorCode } from '../core/errors/quote.errors.js';
import { RateProvider, type CurrencyPair, type ObservedRate } from './rate-provider.js';

// The last good rate of every pair, refreshed in the background so that no quote waits on a
// provider. A rate older than RATE_MAX_AGE_MS is never used: the quote is refused instead of
// priced on an old market.
@Injectable()
export class RateBook implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly rates = new Map<string, ObservedRate>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly provider: RateProvider,
    private readonly config: QuoteServiceConfig,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => void this.refresh(), this.config.RATE_REFRESH_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  current(pair: CurrencyPair): ObservedRate {
    const rate = this.rates.get(keyOf(pair));
    const age = rate ? this.clock.now().getTime() - rate.observedAt.getTime() : Infinity;
    if (!rate || age > this.config.RATE_MAX_AGE_MS) {
      throw new QuoteError(
        QuoteErrorCode.QUOTE_UNAVAILABLE,
        `No current ${pair.crypto}/${pair.fiat} price; try again shortly`,
      );
    }
    return rate;
  }

  async refresh(): Promise<void> {
    await Promise.all(
      this.provider.pairs().map(async (pair) => {
        try {
          this.rates.set(keyOf(pair), await this.provider.fetch(pair));
        } catch (error) {
          this.logger.warn({ err: error, pair, source: this.provider.name }, 'rate refresh failed');
        }
      }),
    );
  }
}

function keyOf(pair: CurrencyPair): string {
  return `${pair.crypto}:${pair.fiat}`;
}
