import type { AppDatabase } from '@platform/database';
import { tablesOf } from '@platform/database';
import { messagingEntities } from '@platform/messaging';
import { QuoteServiceModule } from './quote-service.module.js';

const featureTables = tablesOf(QuoteServiceModule);

// quote-service's schema: the messaging tables (outbox, inbox) and what each feature module owns.
export const quoteServiceDatabase: AppDatabase = {
  schema: 'quote',
  entities: [...messagingEntities, ...featureTables.entities] as AppDatabase['entities'],
  migrations: featureTables.migrations as AppDatabase['migrations'],
};
