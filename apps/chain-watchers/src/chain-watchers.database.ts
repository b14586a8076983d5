import type { AppDatabase } from '@platform/database';
import { tablesOf } from '@platform/database';
import { messagingEntities } from '@platform/messaging';
import { ChainWatchersModule } from './chain-watchers.module.js';

const featureTables = tablesOf(ChainWatchersModule);

// chain-watchers' schema: the messaging tables (outbox, inbox), the schema history the core
// declares and the tables each feature module owns.
export const chainWatchersDatabase: AppDatabase = {
  schema: 'chain_watchers',
  entities: [...messagingEntities, ...featureTables.entities] as AppDatabase['entities'],
  migrations: featureTables.migrations as AppDatabase['migrations'],
};
