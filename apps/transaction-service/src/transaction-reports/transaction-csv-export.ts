import { Injectable } from '@nestjs/common';
import { decimal } from '@payout/money';
import type { TransactionCaller } from '../core/transaction-caller.js';
import type { TransactionFilterRequestDto } from '../transactions/transaction-filter.request.dto.js';
import { transactionFilterOf } from '../transactions/transaction-filter.query.js';
import { csvLine, inertText } from './csv-line.js';
import {
  type ExportedTransactionRow,
  type ExportPosition,
  TransactionReportsQuery,
} from './transaction-reports.query.js';

// Rows read per query: a batch is written out before the next is read, so memory stays flat
// whatever the export's size, and the database is never asked for more than this at once.
const BATCH_SIZE = 500;

const HEADER = [
  'id',
  'created_at',
  'status',
  'status_changed_at',
  'user_id',
  'transaction_reference',
  'blockchain',
  'crypto_currency',
  'source_amount',
  'payment_method',
  'target_currency',
  'target_amount',
  'refund_status',
  'on_chain_tx_hash',
];

// The partner's transactions that match the list's filter, as CSV text a batch at a time: a
// header row, then one row per transaction, newest first. Amounts are exact decimal text.
@Injectable()
export class TransactionCsvExport {
  constructor(private readonly reports: TransactionReportsQuery) {}

  async *chunks(caller: TransactionCaller, query: TransactionFilterRequestDto): AsyncGenerator<string> {
    yield csvLine(HEADER);
    const filter = transactionFilterOf(caller, query);
    if (!filter) return;
    let after: ExportPosition | null = null;
    for (;;) {
      const batch = await this.reports.exportBatch(caller.partnerId, filter, after, BATCH_SIZE);
      if (batch.length > 0) yield batch.map(recordOf).join('');
      if (batch.length < BATCH_SIZE) return;
      const last = batch[batch.length - 1]!;
      after = { position: last.position, id: last.id };
    }
  }
}

function recordOf(row: ExportedTransactionRow): string {
  return csvLine([
    row.id,
    row.createdAt.toISOString(),
    row.status,
    row.statusChangedAt.toISOString(),
    inertText(row.userId),
    inertText(row.reference),
    row.blockchain,
    row.cryptoCurrency,
    decimal(row.sourceAmount).toFixed(),
    row.paymentMethod,
    row.targetCurrency,
    decimal(row.targetAmount).toFixed(),
    row.refundStatus ?? '',
    inertText(row.onChainTxHash ?? ''),
  ]);
}
