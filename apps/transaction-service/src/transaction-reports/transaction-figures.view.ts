import { Injectable } from '@nestjs/common';
import { decimal, type Decimal } from '@payout/money';
import { TransactionStatus } from '@shared/contracts';
import type { TransactionCaller } from '../core/transaction-caller.js';
import type { TransactionFilterRequestDto } from '../transactions/transaction-filter.request.dto.js';
import { transactionFilterOf } from '../transactions/transaction-filter.query.js';
import type { TransactionFiguresResponseDto } from './transaction-figures.dto.js';
import { type FiguresRow, TransactionReportsQuery } from './transaction-reports.query.js';

// Deposits that were not paid out: the payout failed, or the amount was not the quoted one.
const FAILED: ReadonlySet<TransactionStatus> = new Set([
  TransactionStatus.PAYMENT_FAILED,
  TransactionStatus.WRONG_AMOUNT,
]);

// The overview's figures (volume, count, success rate, failed and refunded counts) for the
// transactions the list's filter finds: the same transactions its CSV export writes.
@Injectable()
export class TransactionFiguresView {
  constructor(private readonly reports: TransactionReportsQuery) {}

  async of(
    caller: TransactionCaller,
    query: TransactionFilterRequestDto,
  ): Promise<TransactionFiguresResponseDto> {
    const filter = transactionFilterOf(caller, query);
    const rows = filter ? await this.reports.figures(caller.partnerId, filter) : [];
    const count = (rows: readonly FiguresRow[]) => rows.reduce((sum, row) => sum + row.count, 0);
    const completed = count(rows.filter((row) => row.status === TransactionStatus.PAYMENT_COMPLETED));
    const failed = count(rows.filter((row) => FAILED.has(row.status)));
    return {
      from: filter?.createdFrom?.toISOString() ?? null,
      to: filter?.createdBefore?.toISOString() ?? null,
      count: count(rows),
      volume: volumeByCurrency(rows),
      completed,
      failed,
      refunded: rows.reduce((sum, row) => sum + row.refunded, 0),
      successRate:
        completed + failed === 0 ? null : Math.round((completed / (completed + failed)) * 10_000) / 10_000,
      statuses: statusCounts(rows),
    };
  }
}

function volumeByCurrency(rows: readonly FiguresRow[]): TransactionFiguresResponseDto['volume'] {
  const byCurrency = new Map<FiguresRow['cryptoCurrency'], { amount: Decimal; count: number }>();
  for (const row of rows) {
    const total = byCurrency.get(row.cryptoCurrency) ?? { amount: decimal(0), count: 0 };
    byCurrency.set(row.cryptoCurrency, {
      amount: total.amount.plus(decimal(row.volume)),
      count: total.count + row.count,
    });
  }
  return [...byCurrency].map(([currency, { amount, count }]) => ({
    currency,
    amount: amount.toFixed(),
    count,
  }));
}

function statusCounts(rows: readonly FiguresRow[]): TransactionFiguresResponseDto['statuses'] {
  const byStatus = new Map<TransactionStatus, number>();
  for (const row of rows) byStatus.set(row.status, (byStatus.get(row.status) ?? 0) + row.count);
  return [...byStatus].sort(([a], [b]) => a.localeCompare(b)).map(([status, count]) => ({ status, count }));
}
