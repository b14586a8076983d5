import { Module } from '@nestjs/common';
import { Clock } from '@shared/util';
import { CorridorAdministration } from './corridors/corridor-administration.js';
import { CorridorAuditsRepository } from './corridors/corridor-audits.repository.js';
import { CorridorCatalogue } from './corridors/corridor-catalogue.js';
import { CorridorsController } from './corridors/corridors.controller.js';
import { CorridorsRepository } from './corridors/corridors.repository.js';
import { InternalAssetsController } from './corridors/internal-assets.controller.js';
import { OpsCorridorsController } from './corridors/ops-corridors.controller.js';
import { MarketTickerRateProvider } from './pricing/market-ticker-rate-provider.js';
import { RateBook } from './pricing/rate-book.js';
import { RateProvider } from './pricing/rate-provider.js';
import { SandboxRateProvider } from './pricing/sandbox-rate-provider.js';
import { QuoteServiceConfig } from './quote-service.config.js';
import { CreateQuoteUseCase } from './quotes/create-quote.use-case.js';
import { InternalQuotesController } from './quotes/internal-quotes.controller.js';
import { QuoteIssuer } from './quotes/quote-issuer.js';
import { QuotePricingContext } from './quotes/quote-pricing-context.js';
import { QuotesController } from './quotes/quotes.controller.js';
import { QuotesRepository } from './quotes/quotes.repository.js';

@Module({
  controllers: [
    CorridorsController,
    QuotesController,
    InternalQuotesController,
    InternalAssetsController,
    OpsCorridorsController,
  ],
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
    CorridorsRepository,
    CorridorCatalogue,
    CorridorAdministration,
    CorridorAuditsRepository,
    QuotePricingContext,
    QuoteIssuer,
    QuotesRepository,
    CreateQuoteUseCase,
  ],
})
export class QuoteServiceModule {}
