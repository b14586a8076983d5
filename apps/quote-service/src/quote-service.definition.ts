import { PayoutErrorResponseDto } from '@payout/errors';
import { platformSections, type ServiceDefinition } from '@platform/http';
import { ServiceName } from '@shared/contracts';
import { quoteErrorPresenter } from './core/errors/quote-error.presenter.js';
import { QuoteServiceConfig } from './core/quote-service.config.js';
import { quoteServiceDatabase } from './quote-service.database.js';
import { QuoteServiceModule } from './quote-service.module.js';

const quoteServiceSections = { ...platformSections, quotes: QuoteServiceConfig };

export const quoteServiceDefinition: ServiceDefinition<typeof quoteServiceSections> = {
  name: ServiceName.QuoteService,
  title: 'Quotes and corridors',
  config: quoteServiceSections,
  database: quoteServiceDatabase,
  imports: [QuoteServiceModule],
  errorPresenter: quoteErrorPresenter,
  errorResponse: PayoutErrorResponseDto,
};
