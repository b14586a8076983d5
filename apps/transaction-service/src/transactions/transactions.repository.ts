import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, EntityRows, PreparedStatements, type UnitOfWork } from '@platform/database';
import {
  type Blockchain,
  type CryptoCurrency,
  type PaymentMethod,
  type TargetCurrency,
  TransactionStatus,
} from '@shared/contracts';
import { TransactionJournalEntryEntity } from './transaction-journal-entry.entity.js';
import { TransactionEntity } from './transaction.entity.js';
import { type TransactionFilter, whereTransactionMatches } from './transaction-filter.query.js';

export interface TransactionPage {
  readonly total: number;
  readonly items: readonly TransactionEntity[];
}

export interface DailyActivityRow {
  readonly day: string;
  readonly cryptoCurrency: CryptoCurrency;
  readonly blockchain: Blockchain;
  readonly paymentMethod: PaymentMethod;
  readonly targetCurrency: TargetCurrency;
  readonly count: number;
  readonly volume: string;
}

export interface StatusCountRow {
  readonly status: TransactionStatus;
  readonly count: number;
}

export type TransactionStatusRow = Pick<
  TransactionEntity,
  'id' | 'status' | 'reference' | 'onChainTxHash' | 'userId'
>;

// Every read is scoped by partner: another partner's transaction id finds nothing.
@Injectable()
export class TransactionsRepository {
  // Whole transactions in plain SQL: the deposit path locks and reads them on every change.
  private readonly rows: EntityRows<TransactionEntity>;
  private readonly prepared: PreparedStatements;

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {
    this.rows = new EntityRows(dataSource, TransactionEntity);
    this.prepared = new PreparedStatements(dataSource, 'transaction');
  }

  findForPartner(partnerId: string, id: string): Promise<TransactionEntity | null> {
    return this.rows.one(this.dataSource, '"partner_id" = $1 AND "id" = $2', [partnerId, id]);
  }

  // GET /transaction/{id}, the partners' most frequent read: the five columns it answers with,
  // in plain SQL (the entity read's query builder and its mapping of the other twenty columns
  // were a sixth of transaction-service's CPU per request).
  // The read partners poll: chained, not awaited, one promise fewer (see PreparedStatements.query).
  statusForPartner(partnerId: string, id: string): Promise<TransactionStatusRow | null> {
    return this.prepared
      .query<TransactionStatusRow>(
        `SELECT "id", "status", "reference", "on_chain_tx_hash" AS "onChainTxHash", "user_id" AS "userId"
         FROM "transaction"."transaction" WHERE "partner_id" = $1 AND "id" = $2`,
        [partnerId, id],
      )
      .then((rows) => rows[0] ?? null);
  }

  findByQuote(partnerId: string, quoteId: string): Promise<TransactionEntity | null> {
    return this.rows.one(this.dataSource, '"partner_id" = $1 AND "quote_id" = $2', [partnerId, quoteId]);
  }

  // Operations see every partner's transactions.
  findAnyPartner(id: string): Promise<TransactionEntity | null> {
    return this.rows.one(this.dataSource, '"id" = $1', [id]);
  }

  async pageForUser(
    partnerId: string,
    userId: string,
    page: number,
    pageSize: number,
  ): Promise<TransactionPage> {
    const [items, total] = await this.dataSource.getRepository(TransactionEntity).findAndCount({
      where: { partnerId, userId },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
    return { items, total };
  }

  async searchForPartner(
    partnerId: string,
    filter: TransactionFilter,
    page: number,
    pageSize: number,
  ): Promise<TransactionPage> {
    const query = whereTransactionMatches(
      this.dataSource.getRepository(TransactionEntity).createQueryBuilder('t'),
      partnerId,
      filter,
    );
    const [items, total] = await query
      .orderBy('t.created_at', 'DESC')
      .addOrderBy('t.id', 'DESC')
      .skip((page - 1) * pageSize)
      .take(pageSize)
      .getManyAndCount();
    return { items, total };
  }

  // Per day (UTC) and corridor since `since`: how many transactions were created and the crypto
  // they quoted (a decimal string). Scoped by partner, and by user for a wallet caller.
  async dailyActivity(
    partnerId: string,
    userId: string | undefined,
    since: Date,
  ): Promise<DailyActivityRow[]> {
    const rows: DailyActivityRow[] = await this.dataSource.query(
      `SELECT to_char(date_trunc('day', "created_at" AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS "day",
              "crypto_currency" AS "cryptoCurrency", "blockchain", "payment_method" AS "paymentMethod",
              "target_currency" AS "targetCurrency", COUNT(*)::int AS "count",
              SUM("source_amount")::text AS "volume"
       FROM "transaction"."transaction"
       WHERE "partner_id" = $1 AND "created_at" >= $2 AND ($3::varchar IS NULL OR "user_id" = $3)
       GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`,
      [partnerId, since, userId ?? null],
    );
    return rows;
  }

  // How many of the partner's transactions created since `since` stand in each status.
  async statusMix(partnerId: string, userId: string | undefined, since: Date): Promise<StatusCountRow[]> {
    const rows: StatusCountRow[] = await this.dataSource.query(
      `SELECT "status", COUNT(*)::int AS "count" FROM "transaction"."transaction"
       WHERE "partner_id" = $1 AND "created_at" >= $2 AND ($3::varchar IS NULL OR "user_id" = $3)
       GROUP BY 1 ORDER BY 1`,
      [partnerId, since, userId ?? null],
    );
    return rows;
  }

  // The ids of up to `limit` transactions still awaiting payment whose quote ended before
  // `cutoff`, oldest quote first.
  async idsAwaitingPaymentExpiredBefore(cutoff: Date, limit: number): Promise<string[]> {
    const rows = await this.dataSource
      .getRepository(TransactionEntity)
      .createQueryBuilder('t')
      .select('t.id', 'id')
      .where('t.status = :status AND t.quote_expires_at < :cutoff', {
        status: TransactionStatus.AWAITING_PAYMENT,
        cutoff,
      })
      .orderBy('t.quote_expires_at')
      .limit(limit)
      .getRawMany<{ id: string }>();
    return rows.map(({ id }) => id);
  }

  // False when the quote already has a transaction (a concurrent accept won): nothing written.
  async insertIfNew(unit: UnitOfWork, transaction: TransactionEntity): Promise<boolean> {
    const manager = entityManagerOf(unit);
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(TransactionEntity)
      .values(transaction)
      .orIgnore()
      .returning(['id'])
      .execute();
    return result.raw.length > 0;
  }

  // The transaction a reference (a Stellar memo) names, and the trace it was created in.
  async traceOfReference(
    reference: string,
  ): Promise<{ transactionId: string; traceparent: string | null } | null> {
    const rows = await this.prepared.query<{ transactionId: string; traceparent: string | null }>(
      'SELECT "id" AS "transactionId", "traceparent" FROM "transaction"."transaction" WHERE "reference" = $1',
      [reference],
    );
    return rows[0] ?? null;
  }

  lockForChange(unit: UnitOfWork, id: string): Promise<TransactionEntity | null> {
    const manager = entityManagerOf(unit);
    return this.rows.one(manager, '"id" = $1', [id], { lock: true });
  }

  // saveChange, journaled and appendJournal run in every transition (several per deposit): plain
  // SQL, as the query builder costs more than these statements.
  async saveChange(unit: UnitOfWork, transaction: TransactionEntity): Promise<void> {
    const manager = entityManagerOf(unit);
    await manager.query(
      `UPDATE "transaction"."transaction"
       SET "status" = $2, "on_chain_tx_hash" = $3, "event_sequence" = $4, "status_changed_at" = $5
       WHERE "id" = $1`,
      [
        transaction.id,
        transaction.status,
        transaction.onChainTxHash,
        transaction.eventSequence,
        transaction.statusChangedAt,
      ],
    );
  }

  async journaled(unit: UnitOfWork, transactionId: string, idempotencyKey: string): Promise<boolean> {
    const manager = entityManagerOf(unit);
    const [row] = (await manager.query(
      `SELECT EXISTS (SELECT 1 FROM "transaction"."transaction_journal"
                      WHERE "transaction_id" = $1 AND "idempotency_key" = $2) AS "found"`,
      [transactionId, idempotencyKey],
    )) as Array<{ found: boolean }>;
    return row!.found;
  }

  async appendJournal(unit: UnitOfWork, entry: TransactionJournalEntryEntity): Promise<void> {
    const manager = entityManagerOf(unit);
    await manager.query(
      `INSERT INTO "transaction"."transaction_journal"
         ("transaction_id", "sequence", "idempotency_key", "change", "from_status", "to_status", "occurred_at")
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        entry.transactionId,
        entry.sequence,
        entry.idempotencyKey,
        entry.change,
        entry.fromStatus,
        entry.toStatus,
        entry.occurredAt,
      ],
    );
  }

  journalOf(transactionId: string): Promise<TransactionJournalEntryEntity[]> {
    return this.dataSource
      .getRepository(TransactionJournalEntryEntity)
      .find({ where: { transactionId }, order: { sequence: 'ASC' } });
  }
}
