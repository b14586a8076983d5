import type { AppDatabase } from '@platform/database';
import { messagingEntities } from '@platform/messaging';
import { apiGatewayMigrations } from './migrations/migrations.js';
import { ApiKeyEntity } from './partners/api-key.entity.js';
import { PartnerAuditEntity } from './partners/partner-audit.entity.js';
import { PartnerEntity } from './partners/partner.entity.js';
import { WalletChallengeEntity } from './wallet-auth/wallet-challenge.entity.js';
import { WalletRefreshTokenEntity } from './wallet-auth/wallet-refresh-token.entity.js';

export const apiGatewayDatabase: AppDatabase = {
  schema: 'api_gateway',
  entities: [
    PartnerEntity,
    ApiKeyEntity,
    PartnerAuditEntity,
    WalletChallengeEntity,
    WalletRefreshTokenEntity,
    ...messagingEntities,
  ],
  migrations: apiGatewayMigrations,
};
