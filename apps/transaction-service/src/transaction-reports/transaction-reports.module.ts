import { Module } from '@nestjs/common';
import { TransactionCsvExport } from './transaction-csv-export.js';
import { TransactionFiguresView } from './transaction-figures.view.js';
import { TransactionReportsController } from './transaction-reports.controller.js';
import { TransactionReportsQuery } from './transaction-reports.query.js';

// The partner's transactions as a CSV file and as the overview's figures: a read model over the
// transactions and refunds tables, filtered as the transaction list is.
@Module({
  controllers: [TransactionReportsController],
  providers: [TransactionReportsQuery, TransactionCsvExport, TransactionFiguresView],
})
export class TransactionReportsModule {}
