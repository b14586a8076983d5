import { Global, Module } from '@nestjs/common';
import { TransactionTimelines } from '../transactions/transaction-timelines.port.js';
import { TransactionTimelineQuery } from './transaction-timeline.query.js';
import { TransactionTimelineView } from './transaction-timeline.view.js';

// A transaction's timeline: a read model over the tables of transactions, deposits, payouts and
// refunds. It answers the timeline route of the transactions controller through its port.
@Global()
@Module({
  providers: [
    TransactionTimelineQuery,
    TransactionTimelineView,
    { provide: TransactionTimelines, useExisting: TransactionTimelineView },
  ],
  exports: [TransactionTimelines],
})
export class TimelineModule {}
