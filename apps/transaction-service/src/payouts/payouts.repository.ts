import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { PayoutEntity } from './payout.entity.js';

@Injectable()
export class PayoutsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async insertIfNew(manager: EntityManager, payout: PayoutEntity): Promise<void> {
    await manager.createQueryBuilder().insert().into(PayoutEntity).values(payout).orIgnore().execute();
  }

  // Takes up to `limit` due payouts and pushes each one's next attempt out by `leaseMs`: another
  // worker (or this one after a crash) only sees them again once the lease has run out.
  async claimDue(now: Date, leaseMs: number, limit: number): Promise<PayoutEntity[]> {
    const table = '"transaction"."payout"';
    // The driver answers an UPDATE … RETURNING with [rows, affected].
    const [rows]: [Array<{ transaction_id: string }>, number] = await this.dataSource.query(
      `UPDATE ${table} SET "next_attempt_at" = $1::timestamptz + $2::int * interval '1 millisecond',
              "attempts" = "attempts" + 1, "updated_at" = $1
       WHERE "transaction_id" IN (
         SELECT "transaction_id" FROM ${table}
         WHERE "status" IN ('PENDING', 'SUBMITTED') AND "next_attempt_at" <= $1
         ORDER BY "next_attempt_at" LIMIT $3 FOR UPDATE SKIP LOCKED)
       RETURNING "transaction_id"`,
      [now, leaseMs, limit],
    );
    if (rows.length === 0) return [];
    return this.dataSource
      .getRepository(PayoutEntity)
      .findBy(rows.map(({ transaction_id }) => ({ transactionId: transaction_id })));
  }

  lockForChange(manager: EntityManager, transactionId: string): Promise<PayoutEntity | null> {
    return manager.findOne(PayoutEntity, { where: { transactionId }, lock: { mode: 'pessimistic_write' } });
  }

  async save(manager: EntityManager, payout: PayoutEntity): Promise<void> {
    await manager.update(
      PayoutEntity,
      { transactionId: payout.transactionId },
      {
        status: payout.status,
        railReference: payout.railReference,
        failureReason: payout.failureReason,
        nextAttemptAt: payout.nextAttemptAt,
        updatedAt: payout.updatedAt,
      },
    );
  }

  // A rail callback: ask the rail about this payout now rather than at the next poll.
  async dueNow(transactionId: string, now: Date): Promise<boolean> {
    const result = await this.dataSource
      .createQueryBuilder()
      .update(PayoutEntity)
      .set({ nextAttemptAt: now })
      .where(`transaction_id = :transactionId AND status IN ('PENDING', 'SUBMITTED')`, { transactionId })
      .execute();
    return (result.affected ?? 0) > 0;
  }
}
