import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { DepositAccountsModule } from '../deposit-accounts/deposit-accounts.module.js';
import { DepositIntake } from './deposit-intake.js';
import { DepositLedgerRepository } from './deposit-ledger.repository.js';
import { DepositTransactionFinder } from './deposit-transaction-finder.js';
import { DepositWatchMetrics } from './deposit-watch.metrics.js';
import { DepositWatcher } from './deposit-watcher.js';
import { SeenTransferEntity } from './seen-transfer.entity.js';
import { StreamCursorEntity } from './stream-cursor.entity.js';

// Where a transfer into one of our addresses becomes durable (what it is and when it was
// confirmed decided once, then the seen transfer, its event and the cursor, in one transaction),
// and the one watcher that finds every transfer into a per-transaction account.
@OwnsTables({ entities: [SeenTransferEntity, StreamCursorEntity] })
@Module({
  imports: [DepositAccountsModule],
  providers: [
    DepositLedgerRepository,
    DepositTransactionFinder,
    DepositIntake,
    DepositWatchMetrics,
    DepositWatcher,
  ],
  exports: [DepositLedgerRepository, DepositIntake, DepositWatchMetrics],
})
export class DepositsModule {}
