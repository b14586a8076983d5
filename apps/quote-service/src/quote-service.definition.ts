import { platformSections, type ServiceDefinition } from '@platform/http';
import { ServiceName } from '@shared/contracts';
import { quoteServiceDatabase } from './quote-service.database.js';

export const quoteServiceDefinition: ServiceDefinition<typeof platformSections> = {
  name: ServiceName.QuoteService,
  config: platformSections,
  database: quoteServiceDatabase,
};
