import type { AppDatabase } from '@platform/database';
import { tablesOf } from '@platform/database';
import { messagingEntities } from '@platform/messaging';
import { KycServiceModule } from './kyc-service.module.js';

const featureTables = tablesOf(KycServiceModule);

// kyc-service's schema: the messaging tables (outbox, inbox) and what each feature module owns.
export const kycServiceDatabase: AppDatabase = {
  schema: 'kyc',
  entities: [...messagingEntities, ...featureTables.entities] as AppDatabase['entities'],
  migrations: featureTables.migrations as AppDatabase['migrations'],
};
