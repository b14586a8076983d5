import type { AppDatabase } from '@platform/database';
import { messagingEntities } from '@platform/messaging';
import { transactionServiceMigrations } from './migrations/migrations.js';

export const transactionServiceDatabase: AppDatabase = {
  schema: 'transaction',
  entities: [...messagingEntities],
  migrations: transactionServiceMigrations,
};
