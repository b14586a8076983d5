import type { AppDatabase } from '@platform/database';
import { messagingEntities } from '@platform/messaging';
import { CorridorAssetEntity } from './corridors/corridor-asset.entity.js';
import { CorridorAuditEntity } from './corridors/corridor-audit.entity.js';
import { CorridorFlowEntity } from './corridors/corridor-flow.entity.js';
import { UnsupportedRouteEntity } from './corridors/unsupported-route.entity.js';
import { quoteServiceMigrations } from './migrations/migrations.js';
import { QuoteEntity } from './quotes/quote.entity.js';

export const quoteServiceDatabase: AppDatabase = {
  schema: 'quote',
  entities: [
    CorridorFlowEntity,
    CorridorAssetEntity,
    UnsupportedRouteEntity,
    CorridorAuditEntity,
    QuoteEntity,
    ...messagingEntities,
  ],
  migrations: quoteServiceMigrations,
};
