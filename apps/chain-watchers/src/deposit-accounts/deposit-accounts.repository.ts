import type { StoredTrace } from '@platform/logging';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, EntityRows, type UnitOfWork } from '@platform/database';
import { Blockchain } from '@shared/contracts';
import { DepositAccountEntity } from './deposit-account.entity.js';

const TABLE = '"chain_watchers"."deposit_account"';

// The per-transaction deposit addresses: which exist (so verification knows them), which are
// watched, and which hold funds to sweep.
@Injectable()
export class DepositAccountsRepository {
  // Plain SQL for the reads every detected transfer and every watch pass make.
  private readonly rows: EntityRows<DepositAccountEntity>;

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {
    this.rows = new EntityRows(dataSource, DepositAccountEntity);
  }

  // Once per transaction: asking again keeps the first row (the address is the same anyway).
  async open(account: DepositAccountEntity): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(DepositAccountEntity)
      .values(account)
      .orIgnore()
      .execute();
  }

  // The trace the account's transaction was created in (null: none, or no such account).
  async traceOf(blockchain: Blockchain, transactionId: string): Promise<StoredTrace | null> {
    const account = await this.rows.one(this.dataSource, '"blockchain" = $1 AND "transaction_id" = $2', [
      blockchain,
      transactionId.toLowerCase(),
    ]);
    return account && { traceparent: account.traceparent };
  }

  // Which of `addresses` are deposit accounts on the chain.
  async known(blockchain: Blockchain, addresses: readonly string[]): Promise<DepositAccountEntity[]> {
    if (addresses.length === 0) return [];
    return this.rows.many(this.dataSource, '"blockchain" = $1 AND "address" = ANY($2::varchar[])', [
      blockchain,
      [...new Set(addresses)],
    ]);
  }

  // Every account whose transaction may still be paid (its quote plus the watch grace), oldest
  // first: all of them, a second transfer to an account already paid included. Bounded by the
  // transactions accepted within a quote's validity and the grace.
  watched(blockchain: Blockchain, now: Date): Promise<DepositAccountEntity[]> {
    return this.rows.many(this.dataSource, '"blockchain" = $1 AND "watch_until" > $2 ORDER BY "created_at"', [
      blockchain,
      now,
    ]);
  }

  // The next `limit` accounts past their watch, least recently looked back at first, marked as
  // looked back at `now` in the same statement (a replica that reads them concurrently takes the
  // next ones): each account is read again in turn, however old, so a transfer long after its
  // transaction (expired, swept) is still found.
  async takeForLookBack(blockchain: Blockchain, now: Date, limit: number): Promise<DepositAccountEntity[]> {
    // A SELECT over the UPDATE: the driver answers a bare UPDATE with [rows, count].
    const rows: Record<string, unknown>[] = await this.dataSource.query(
      `WITH taken AS (
         UPDATE ${TABLE} SET "looked_back_at" = $2
         WHERE ("blockchain", "transaction_id") IN (
           SELECT "blockchain", "transaction_id" FROM ${TABLE}
           WHERE "blockchain" = $1 AND "watch_until" <= $2
           ORDER BY "looked_back_at" ASC NULLS FIRST, "created_at" LIMIT $3
           FOR UPDATE SKIP LOCKED)
         RETURNING ${this.rows.columns})
       SELECT * FROM taken`,
      [blockchain, now, limit],
    );
    return this.rows.hydrate(rows);
  }

  // A deposit was seen arriving at these addresses: they are due for a sweep. `due_at` is the
  // latest such sighting, so a sweep that read the balances before it leaves the address due.
  async markDue(
    blockchain: Blockchain,
    addresses: readonly string[],
    now: Date,
    unit?: UnitOfWork,
  ): Promise<void> {
    if (addresses.length === 0) return;
    const manager = unit ? entityManagerOf(unit) : this.dataSource.manager;
    await manager.query(
      `UPDATE ${TABLE} SET "due_at" = GREATEST(COALESCE("due_at", $3), $3)
       WHERE "blockchain" = $1 AND "address" = ANY($2::varchar[])`,
      [blockchain, [...new Set(addresses)], now],
    );
  }

  // The watcher announced a deposit to the account: it stops watching it.
  async markAnnounced(
    unit: UnitOfWork,
    blockchain: Blockchain,
    transactionId: string,
    now: Date,
  ): Promise<void> {
    await entityManagerOf(unit).query(
      `UPDATE ${TABLE} SET "announced_at" = $3
       WHERE "blockchain" = $1 AND "transaction_id" = $2 AND "announced_at" IS NULL`,
      [blockchain, transactionId, now],
    );
  }
}
