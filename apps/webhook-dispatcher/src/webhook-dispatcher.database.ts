import type { AppDatabase } from '@platform/database';
import { tablesOf } from '@platform/database';
import { messagingEntities } from '@platform/messaging';
import { WebhookDispatcherModule } from './webhook-dispatcher.module.js';

const featureTables = tablesOf(WebhookDispatcherModule);

// webhook-dispatcher's schema: the messaging tables (outbox, inbox) and what each feature module owns.
export const webhookDispatcherDatabase: AppDatabase = {
  schema: 'webhook_dispatcher',
  entities: [...messagingEntities, ...featureTables.entities] as AppDatabase['entities'],
  migrations: featureTables.migrations as AppDatabase['migrations'],
};
