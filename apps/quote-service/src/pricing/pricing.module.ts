import { Module } from '@nestjs/common';
import { Clock } from '@shared/util';
import { QuoteServiceConfig } from '../core/quote-service.config.js';
import { MarketTickerRateProvider } from './market-ticker-rate-provider.js';
import { RateBook } from './rate-book.js';
import { RateProvider } from './rate-provider.js';
import { SandboxRateProvider } from './sandbox-rate-provider.js';

// The current rate of every pair, from the provider RATE_SOURCE names.
@Module({
  providers: [
    {
      provide: RateProvider,
      inject: [QuoteServiceConfig, Clock],
      useFactory: (config: QuoteServiceConfig, clock: Clock): RateProvider =>
        config.RATE_SOURCE === 'market'
          ? new MarketTickerRateProvider(config.MARKET_TICKER_URL, config.MARKET_TICKER_SYMBOLS, clock)
          : new SandboxRateProvider(config.SANDBOX_RATES, clock),
    },
    RateBook,
  ],
  exports: [RateBook],
})
export class PricingModule {}
