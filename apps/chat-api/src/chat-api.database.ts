import type { AppDatabase } from '@platform/database';
import { messagingEntities } from '@platform/messaging';
import { chatApiMigrations } from './migrations/migrations.js';

export const chatApiDatabase: AppDatabase = {
  schema: 'chat',
  entities: [...messagingEntities],
  migrations: chatApiMigrations,
};
