import type { AppDatabase } from '@platform/database';
import { messagingEntities } from '@platform/messaging';
import { quoteServiceMigrations } from './migrations/migrations.js';

export const quoteServiceDatabase: AppDatabase = {
  schema: 'quote',
  entities: [...messagingEntities],
  migrations: quoteServiceMigrations,
};
