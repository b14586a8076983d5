import { platformSections, type ServiceDefinition } from '@platform/http';
import { ServiceName } from '@shared/contracts';
import { quoteServiceDatabase } from './quote-service.database.js';
import { QuoteServiceModule } from './quote-service.module.js';

export const quoteServiceDefinition: ServiceDefinition<typeof platformSections> = {
  name: ServiceName.QuoteService,
  config: platformSections,
  database: quoteServiceDatabase,
  imports: [QuoteServiceModule],
};
