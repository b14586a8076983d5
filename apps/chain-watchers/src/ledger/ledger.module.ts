import { Module } from '@nestjs/common';
import { ChainLedgerQuery } from './chain-ledger.query.js';
import { InternalLedgerController } from './internal-ledger.controller.js';

// GET /internal/ledger: the transfers in and the sweeps out, per chain and currency. Reads the
// tables the deposits and sweeps features own; writes nothing.
@Module({
  controllers: [InternalLedgerController],
  providers: [ChainLedgerQuery],
})
export class LedgerModule {}
