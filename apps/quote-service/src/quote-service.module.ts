import { Module } from '@nestjs/common';
import { CorridorAdministrationModule } from './corridor-administration/corridor-administration.module.js';
import { CorridorsModule } from './corridors/corridors.module.js';
import { QuoteCoreModule } from './core/quote-core.module.js';
import { PricingModule } from './pricing/pricing.module.js';
import { QuotesModule } from './quotes/quotes.module.js';
import { RailCapsModule } from './rail-caps/rail-caps.module.js';

// quote-service: the core, then one module per feature. Adding a feature is its folder and one
// line here; its routes and tables are found from its module. The order is the API document's:
// the reference lists each module's routes in the order the modules are listed.
@Module({
  imports: [
    QuoteCoreModule,
    CorridorsModule,
    RailCapsModule,
    PricingModule,
    QuotesModule,
    CorridorAdministrationModule,
  ],
})
export class QuoteServiceModule {}
