import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { DepositAccountsModule } from '../deposit-accounts/deposit-accounts.module.js';
import { DepositLedgerRepository } from './deposit-ledger.repository.js';
import { DepositWatcher } from './deposit-watcher.js';
import { SeenTransferEntity } from './seen-transfer.entity.js';
import { StreamCursorEntity } from './stream-cursor.entity.js';

// Where a deposit becomes durable (seen transfer, its event and the cursor, in one transaction),
// and the one watcher that finds unreported deposits on every chain with per-transaction accounts.
@OwnsTables({ entities: [SeenTransferEntity, StreamCursorEntity] })
@Module({
  imports: [DepositAccountsModule],
  providers: [DepositLedgerRepository, DepositWatcher],
  exports: [DepositLedgerRepository],
})
export class DepositsModule {}
