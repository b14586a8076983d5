import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { CorridorsModule } from '../corridors/corridors.module.js';
import { PricingModule } from '../pricing/pricing.module.js';
import { RailCapsModule } from '../rail-caps/rail-caps.module.js';
import { RailLiquidityModule } from '../rail-liquidity/rail-liquidity.module.js';
import { CreateQuoteUseCase } from './create-quote.use-case.js';
import { InternalQuotesController } from './internal-quotes.controller.js';
import { QuoteIssuer } from './quote-issuer.js';
import { QuotePricingContext } from './quote-pricing-context.js';
import { QuoteEntity } from './quote.entity.js';
import { QuotesController } from './quotes.controller.js';
import { QuotesRepository } from './quotes.repository.js';

// Quotes priced on a live corridor at a current rate and stored; read back by
// transaction-service when a partner accepts one.
@OwnsTables({ entities: [QuoteEntity] })
@Module({
  imports: [CorridorsModule, PricingModule, RailCapsModule, RailLiquidityModule],
  controllers: [QuotesController, InternalQuotesController],
  providers: [QuotePricingContext, QuoteIssuer, QuotesRepository, CreateQuoteUseCase],
})
export class QuotesModule {}
