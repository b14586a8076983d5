import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { DeliveryType, ScheduledMessageEntity } from './scheduled-message.entity.js';

export type NewScheduledMessage = Omit<
  ScheduledMessageEntity,
  'id' | 'delivered' | 'deliveredMessageId' | 'failed' | 'failureMessage' | 'claimedUntil'
>;

// Scheduled messages and reminders; user-facing lookups go through their owner and realm.
@Injectable()
export class ScheduledMessagesRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  insert(unit: UnitOfWork, row: NewScheduledMessage): Promise<ScheduledMessageEntity> {
    const repository = entityManagerOf(unit).getRepository(ScheduledMessageEntity);
    return repository.save(repository.create(row));
  }

  // The owner's undelivered rows of one kind, soonest first.
  pending(realmId: number, senderId: number, deliveryType: DeliveryType): Promise<ScheduledMessageEntity[]> {
    return this.dataSource.getRepository(ScheduledMessageEntity).find({
      where: { realmId, senderId, deliveryType, delivered: false },
      order: { scheduledAt: 'ASC', id: 'ASC' },
    });
  }

  // Locks the row: a concurrent delivery has committed (or waits) before an edit decides.
  findOwned(
    unit: UnitOfWork,
    realmId: number,
    senderId: number,
    deliveryType: DeliveryType,
    id: number,
  ): Promise<ScheduledMessageEntity | null> {
    return entityManagerOf(unit)
      .getRepository(ScheduledMessageEntity)
      .findOne({
        where: { realmId, senderId, deliveryType, id },
        lock: { mode: 'pessimistic_write' },
      });
  }

  async save(unit: UnitOfWork, row: ScheduledMessageEntity): Promise<void> {
    await entityManagerOf(unit).getRepository(ScheduledMessageEntity).save(row);
  }

  async delete(unit: UnitOfWork, id: number): Promise<void> {
    await entityManagerOf(unit).getRepository(ScheduledMessageEntity).delete({ id });
  }

  // Claims up to `limit` due rows for `leaseMs`, skipping rows another worker holds: replicas
  // share the queue, and a claim left by a dead worker lapses.
  async claimDue(now: Date, leaseMs: number, limit: number): Promise<ScheduledMessageEntity[]> {
    const [rows] = (await this.dataSource.query(
      `UPDATE "chat"."scheduled_message" SET "claimed_until" = $1::timestamptz + make_interval(secs => $2::float8 / 1000)
       WHERE "id" IN (
         SELECT "id" FROM "chat"."scheduled_message"
         WHERE NOT "delivered" AND NOT "failed" AND "scheduled_at" <= $1
           AND ("claimed_until" IS NULL OR "claimed_until" < $1)
         ORDER BY "scheduled_at", "id" LIMIT $3 FOR UPDATE SKIP LOCKED)
       RETURNING "id"`,
      [now, leaseMs, limit],
    )) as [Array<{ id: number }>, number];
    if (rows.length === 0) return [];
    return this.dataSource
      .getRepository(ScheduledMessageEntity)
      .createQueryBuilder('s')
      .where('s.id IN (:...ids)', { ids: rows.map((row) => row.id) })
      .orderBy('s.scheduled_at', 'ASC')
      .addOrderBy('s.id', 'ASC')
      .getMany();
  }

  // When the next pending row falls due, if any.
  async nextDue(): Promise<Date | null> {
    const [row] = (await this.dataSource.query(
      `SELECT min("scheduled_at") AS "next" FROM "chat"."scheduled_message" WHERE NOT "delivered" AND NOT "failed"`,
    )) as Array<{ next: Date | null }>;
    return row?.next ? new Date(row.next) : null;
  }

  // Locks, in the sending transaction, those of these rows that are still to be sent (not
  // delivered, failed or deleted meanwhile).
  async lockPending(unit: UnitOfWork, ids: readonly number[]): Promise<Set<number>> {
    const rows = (await entityManagerOf(unit).query(
      `SELECT "id" FROM "chat"."scheduled_message" WHERE "id" = ANY($1::int[]) AND NOT "delivered" AND NOT "failed"
       FOR UPDATE`,
      [ids],
    )) as Array<{ id: number }>;
    return new Set(rows.map((row) => row.id));
  }

  // Marks locked rows delivered, each with the message it became, in the sending transaction.
  async markDelivered(
    unit: UnitOfWork,
    deliveries: ReadonlyArray<{ readonly id: number; readonly messageId: number }>,
  ): Promise<void> {
    await entityManagerOf(unit).query(
      `UPDATE "chat"."scheduled_message" s
       SET "delivered" = true, "delivered_message_id" = d."message_id", "claimed_until" = NULL
       FROM unnest($1::int[], $2::int[]) AS d("id", "message_id") WHERE s."id" = d."id"`,
      [deliveries.map((d) => d.id), deliveries.map((d) => d.messageId)],
    );
  }

  async markFailed(unit: UnitOfWork, id: number, reason: string): Promise<ScheduledMessageEntity | null> {
    const manager = entityManagerOf(unit);
    const [, affected] = (await manager.query(
      `UPDATE "chat"."scheduled_message" SET "failed" = true, "failure_message" = $2, "claimed_until" = NULL
       WHERE "id" = $1 AND NOT "delivered" AND NOT "failed"`,
      [id, reason],
    )) as [unknown, number];
    return affected === 1 ? manager.getRepository(ScheduledMessageEntity).findOneBy({ id }) : null;
  }
}
