import { Module } from '@nestjs/common';
import { LedgerMetrics } from './ledger-metrics.js';
import { OpsLedgerController } from './ops-ledger.controller.js';
import { PayoutBooksQuery } from './payout-books.query.js';
import { PayoutLedger } from './payout-ledger.js';

// GET /ops/ledger and its metrics: where every unit that reached our addresses is. Reads the
// deposits, refunds and transactions tables and chain-watchers' side; writes nothing.
@Module({
  controllers: [OpsLedgerController],
  providers: [PayoutBooksQuery, PayoutLedger, LedgerMetrics],
})
export class LedgerModule {}
