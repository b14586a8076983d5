import type { AppDatabase } from '@platform/database';
import { messagingEntities } from '@platform/messaging';
import { chainWatchersMigrations } from './migrations/migrations.js';

export const chainWatchersDatabase: AppDatabase = {
  schema: 'chain_watchers',
  entities: [...messagingEntities],
  migrations: chainWatchersMigrations,
};
