import type { AppDatabase } from '@platform/database';
import { tablesOf } from '@platform/database';
import { messagingEntities } from '@platform/messaging';
import { ApiGatewayModule } from './api-gateway.module.js';

const featureTables = tablesOf(ApiGatewayModule);

// api-gateway's schema: the messaging tables (outbox, inbox) and what each feature module owns.
export const apiGatewayDatabase: AppDatabase = {
  schema: 'api_gateway',
  entities: [...messagingEntities, ...featureTables.entities] as AppDatabase['entities'],
  migrations: featureTables.migrations as AppDatabase['migrations'],
};
