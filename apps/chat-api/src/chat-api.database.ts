import type { AppDatabase } from '@platform/database';
import { tablesOf } from '@platform/database';
import { messagingEntities } from '@platform/messaging';
import { ChatApiModule } from './chat-api.module.js';

const featureTables = tablesOf(ChatApiModule);

// chat-api's schema: the messaging tables (outbox, inbox) and what each feature module owns.
export const chatApiDatabase: AppDatabase = {
  schema: 'chat',
  entities: [...messagingEntities, ...featureTables.entities] as AppDatabase['entities'],
  migrations: featureTables.migrations as AppDatabase['migrations'],
};
