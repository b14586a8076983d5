import type { AppDatabase } from '@platform/database';
import { messagingEntities } from '@platform/messaging';
import { DepositAccountEntity } from './deposit-accounts/deposit-account.entity.js';
import { SeenTransferEntity } from './deposits/seen-transfer.entity.js';
import { StreamCursorEntity } from './deposits/stream-cursor.entity.js';
import { chainWatchersMigrations } from './migrations/migrations.js';
import { RefundAttemptEntity } from './refunds/refund-attempt.entity.js';
import { RefundEntity } from './refunds/refund.entity.js';
import { SweepAttemptEntity } from './sweeps/sweep-attempt.entity.js';
import { SweepItemEntity } from './sweeps/sweep-item.entity.js';
import { SweepEntity } from './sweeps/sweep.entity.js';

export const chainWatchersDatabase: AppDatabase = {
  schema: 'chain_watchers',
  entities: [
    ...messagingEntities,
    SeenTransferEntity,
    StreamCursorEntity,
    RefundEntity,
    RefundAttemptEntity,
    DepositAccountEntity,
    SweepEntity,
    SweepItemEntity,
    SweepAttemptEntity,
  ],
  migrations: chainWatchersMigrations,
};
