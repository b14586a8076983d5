import type { AppDatabase } from '@platform/database';
import { tablesOf } from '@platform/database';
import { messagingEntities } from '@platform/messaging';
import { TransactionServiceModule } from './transaction-service.module.js';

const featureTables = tablesOf(TransactionServiceModule);

// transaction-service's schema: the messaging tables (outbox, inbox) and what each feature module
// owns, with the schema history the core module declares.
export const transactionServiceDatabase: AppDatabase = {
  schema: 'transaction',
  entities: [...messagingEntities, ...featureTables.entities] as AppDatabase['entities'],
  migrations: featureTables.migrations as AppDatabase['migrations'],
};
