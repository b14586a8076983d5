import type { AppDatabase } from '@platform/database';
import { messagingEntities } from '@platform/messaging';
import { SeenTransferEntity } from './deposits/seen-transfer.entity.js';
import { StreamCursorEntity } from './deposits/stream-cursor.entity.js';
import { chainWatchersMigrations } from './migrations/migrations.js';
import { RefundAttemptEntity } from './refunds/refund-attempt.entity.js';
import { RefundEntity } from './refunds/refund.entity.js';

export const chainWatchersDatabase: AppDatabase = {
  schema: 'chain_watchers',
  entities: [...messagingEntities, SeenTransferEntity, StreamCursorEntity, RefundEntity, RefundAttemptEntity],
  migrations: chainWatchersMigrations,
};
