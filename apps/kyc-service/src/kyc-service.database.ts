import type { AppDatabase } from '@platform/database';
import { messagingEntities } from '@platform/messaging';
import { kycServiceMigrations } from './migrations/migrations.js';
import { KycSubmissionEntity } from './submissions/kyc-submission.entity.js';

export const kycServiceDatabase: AppDatabase = {
  schema: 'kyc',
  entities: [KycSubmissionEntity, ...messagingEntities],
  migrations: kycServiceMigrations,
};
