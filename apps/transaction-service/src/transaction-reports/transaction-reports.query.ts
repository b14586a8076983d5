import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type SelectQueryBuilder } from 'typeorm';
import { tableName } from '@platform/database';
import type {
  Blockchain,
  CryptoCurrency,
  PaymentMethod,
  RefundStatus,
  TargetCurrency,
  TransactionStatus,
} from '@shared/contracts';
import { RefundEntity } from '../refunds/refund.entity.js';
import { type TransactionFilter, whereTransactionMatches } from '../transactions/transaction-filter.query.js';
import { TransactionEntity } from '../transactions/transaction.entity.js';

// One exported transaction. Amounts and the position are PostgreSQL's own text.
export interface ExportedTransactionRow {
  readonly id: string;
  readonly createdAt: Date;
  readonly statusChangedAt: Date;
  readonly status: TransactionStatus;
  readonly userId: string;
  readonly reference: string;
  readonly blockchain: Blockchain;
  readonly cryptoCurrency: CryptoCurrency;
  readonly sourceAmount: string;
  readonly paymentMethod: PaymentMethod;
  readonly targetCurrency: TargetCurrency;
  readonly targetAmount: string;
  readonly refundStatus: RefundStatus | null;
  readonly onChainTxHash: string | null;
  // created_at as PostgreSQL writes it (microseconds kept): where the next batch starts.
  readonly position: string;
}

// Where a batch starts: after this row, in the export's order (newest first).
export interface ExportPosition {
  readonly position: string;
  readonly id: string;
}

// Transactions of one status and crypto currency, and the crypto they quoted (fee included).
export interface FiguresRow {
  readonly cryptoCurrency: CryptoCurrency;
  readonly status: TransactionStatus;
  readonly count: number;
  readonly volume: string;
  // Of those, how many had crypto sent back.
  readonly refunded: number;
}

// The console's CSV export and its figures, over the same filtered transactions (the list's
// filter), with their refunds' outcome: sums in the file and the figures always agree.
@Injectable()
export class TransactionReportsQuery {
  private readonly refundTable: string;

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {
    this.refundTable = tableName(dataSource, RefundEntity);
  }

  // Up to `limit` transactions after `after`, newest first: the export reads a batch at a time
  // (keyset on created_at and id, so each batch is an index range, however deep).
  exportBatch(
    partnerId: string,
    filter: TransactionFilter,
    after: ExportPosition | null,
    limit: number,
  ): Promise<ExportedTransactionRow[]> {
    const query = this.filtered(partnerId, filter)
      .select('t.id', 'id')
      .addSelect('t.created_at', 'createdAt')
      .addSelect('t.status_changed_at', 'statusChangedAt')
      .addSelect('t.status', 'status')
      .addSelect('t.user_id', 'userId')
      .addSelect('t.reference', 'reference')
      .addSelect('t.blockchain', 'blockchain')
      .addSelect('t.crypto_currency', 'cryptoCurrency')
      .addSelect('CAST(t.source_amount AS text)', 'sourceAmount')
      .addSelect('t.payment_method', 'paymentMethod')
      .addSelect('t.target_currency', 'targetCurrency')
      .addSelect('CAST(t.target_amount AS text)', 'targetAmount')
      .addSelect(this.refundStatusSql(), 'refundStatus')
      .addSelect('t.on_chain_tx_hash', 'onChainTxHash')
      .addSelect('CAST(t.created_at AS text)', 'position');
    if (after)
      query.andWhere('(t.created_at, t.id) < (CAST(:position AS timestamptz), CAST(:afterId AS uuid))', {
        position: after.position,
        afterId: after.id,
      });
    return query
      .orderBy('t.created_at', 'DESC')
      .addOrderBy('t.id', 'DESC')
      .limit(limit)
      .getRawMany<ExportedTransactionRow>();
  }

  figures(partnerId: string, filter: TransactionFilter): Promise<FiguresRow[]> {
    return this.filtered(partnerId, filter)
      .select('t.crypto_currency', 'cryptoCurrency')
      .addSelect('t.status', 'status')
      .addSelect('CAST(COUNT(*) AS int)', 'count')
      .addSelect('CAST(SUM(t.source_amount) AS text)', 'volume')
      .addSelect(`CAST(COUNT(*) FILTER (WHERE ${this.refundStatusSql()} = 'SENT') AS int)`, 'refunded')
      .groupBy('t.crypto_currency')
      .addGroupBy('t.status')
      .orderBy('t.crypto_currency')
      .addOrderBy('t.status')
      .getRawMany<FiguresRow>();
  }

  private filtered(partnerId: string, filter: TransactionFilter): SelectQueryBuilder<TransactionEntity> {
    return whereTransactionMatches(
      this.dataSource.getRepository(TransactionEntity).createQueryBuilder('t'),
      partnerId,
      filter,
    );
  }

  // A transaction's refunds in one word: SENT when crypto went back (one refund is enough), else
  // REQUESTED while one is under way, else FAILED; null without refunds.
  private refundStatusSql(): string {
    return `(SELECT CASE WHEN bool_or(r.status = 'SENT') THEN 'SENT'
                         WHEN bool_or(r.status = 'REQUESTED') THEN 'REQUESTED'
                         WHEN bool_or(r.status = 'FAILED') THEN 'FAILED' END
               FROM ${this.refundTable} r WHERE r.transaction_id = t.id)`;
  }
}
