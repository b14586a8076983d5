import type { AppDatabase } from '@platform/database';
import { messagingEntities } from '@platform/messaging';
import { kycServiceMigrations } from './migrations/migrations.js';

export const kycServiceDatabase: AppDatabase = {
  schema: 'kyc',
  entities: [...messagingEntities],
  migrations: kycServiceMigrations,
};
