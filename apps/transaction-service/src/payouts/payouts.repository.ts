import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, EntityRows, type UnitOfWork } from '@platform/database';
import type { StoredTrace } from '@platform/logging';
import { PayoutEntity } from './payout.entity.js';

const PAYOUT_TABLE = '"transaction"."payout"';

// A payout a worker claimed, and the trace of its transaction (the worker acts for it).
export interface ClaimedPayout {
  readonly payout: PayoutEntity;
  readonly trace: StoredTrace;
}

@Injectable()
export class PayoutsRepository {
  private readonly rows: EntityRows<PayoutEntity>;

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {
    this.rows = new EntityRows(dataSource, PayoutEntity);
  }

  // The writes of every payout are plain SQL: the query builder costs more than the statements.
  async insertIfNew(unit: UnitOfWork, payout: PayoutEntity): Promise<void> {
    const manager = entityManagerOf(unit);
    await manager.query(
      `INSERT INTO ${PAYOUT_TABLE} ("transaction_id", "rail", "amount", "currency", "status", "rail_reference",
         "failure_reason", "attempts", "next_attempt_at", "created_at", "updated_at")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT DO NOTHING`,
      [
        payout.transactionId,
        payout.rail,
        payout.amount,
        payout.currency,
        payout.status,
        payout.railReference,
        payout.failureReason,
        payout.attempts,
        payout.nextAttemptAt,
        payout.createdAt,
        payout.updatedAt,
      ],
    );
  }

  // Takes up to `limit` due payouts and pushes each one's next attempt out by `leaseMs`: another
  // worker (or this one after a crash) only sees them again once the lease has run out. Each comes
  // with its transaction's trace, so the worker's step continues it without reading it again.
  async claimDue(now: Date, leaseMs: number, limit: number): Promise<ClaimedPayout[]> {
    // The driver answers an UPDATE … RETURNING with [rows, affected].
    const [rows]: [Record<string, unknown>[], number] = await this.dataSource.query(
      `UPDATE ${PAYOUT_TABLE} SET "next_attempt_at" = $1::timestamptz + $2::int * interval '1 millisecond',
              "attempts" = "attempts" + 1, "updated_at" = $1
       WHERE "transaction_id" IN (
         SELECT "transaction_id" FROM ${PAYOUT_TABLE}
         WHERE "status" IN ('PENDING', 'SUBMITTED') AND "next_attempt_at" <= $1
         ORDER BY "next_attempt_at" LIMIT $3 FOR UPDATE SKIP LOCKED)
       RETURNING ${this.rows.columns},
         (SELECT "traceparent" FROM "transaction"."transaction"
          WHERE "id" = "payout"."transaction_id") AS "transaction_traceparent"`,
      [now, leaseMs, limit],
    );
    const payouts = this.rows.hydrate(rows);
    return payouts.map((payout, i) => ({
      payout,
      trace: { traceparent: (rows[i]!['transaction_traceparent'] as string | null) ?? null },
    }));
  }

  lockForChange(unit: UnitOfWork, transactionId: string): Promise<PayoutEntity | null> {
    const manager = entityManagerOf(unit);
    return this.rows.one(manager, '"transaction_id" = $1', [transactionId], { lock: true });
  }

  async save(unit: UnitOfWork, payout: PayoutEntity): Promise<void> {
    const manager = entityManagerOf(unit);
    await manager.query(
      `UPDATE ${PAYOUT_TABLE} SET "status" = $2, "rail_reference" = $3, "failure_reason" = $4,
         "next_attempt_at" = $5, "updated_at" = $6
       WHERE "transaction_id" = $1`,
      [
        payout.transactionId,
        payout.status,
        payout.railReference,
        payout.failureReason,
        payout.nextAttemptAt,
        payout.updatedAt,
      ],
    );
  }

  // A rail callback: ask the rail about this payout now rather than at the next poll.
  async dueNow(transactionId: string, now: Date): Promise<boolean> {
    const [, affected] = (await this.dataSource.query(
      `UPDATE ${PAYOUT_TABLE} SET "next_attempt_at" = $2
       WHERE "transaction_id" = $1 AND "status" IN ('PENDING', 'SUBMITTED')`,
      [transactionId, now],
    )) as [unknown[], number];
    return affected > 0;
  }
}
