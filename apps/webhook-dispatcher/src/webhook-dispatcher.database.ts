import type { AppDatabase } from '@platform/database';
import { messagingEntities } from '@platform/messaging';
import { webhookDispatcherMigrations } from './migrations/migrations.js';

export const webhookDispatcherDatabase: AppDatabase = {
  schema: 'webhook_dispatcher',
  entities: [...messagingEntities],
  migrations: webhookDispatcherMigrations,
};
