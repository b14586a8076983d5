import type { AppDatabase } from '@platform/database';
import { messagingEntities } from '@platform/messaging';
import { apiGatewayMigrations } from './migrations/migrations.js';
import { ApiKeyEntity } from './partners/api-key.entity.js';
import { PartnerEntity } from './partners/partner.entity.js';

export const apiGatewayDatabase: AppDatabase = {
  schema: 'api_gateway',
  entities: [PartnerEntity, ApiKeyEntity, ...messagingEntities],
  migrations: apiGatewayMigrations,
};
