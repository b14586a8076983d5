import { Inject, Injectable } from '@nestjs/common';
import { DataSource, MoreThanOrEqual } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { RealmExportEntity, RealmExportStatus, type RealmExportType } from './realm-export.entity.js';
import { movesInto } from './realm-export-status.js';

export interface NewRealmExport {
  readonly realmId: number;
  readonly actingUserId: number;
  readonly type: RealmExportType;
  readonly dateRequested: Date;
}

// Which date column records a move into each status.
const DATE_OF: Partial<
  Record<RealmExportStatus, 'dateStarted' | 'dateSucceeded' | 'dateFailed' | 'dateDeleted'>
> = {
  [RealmExportStatus.STARTED]: 'dateStarted',
  [RealmExportStatus.SUCCEEDED]: 'dateSucceeded',
  [RealmExportStatus.FAILED]: 'dateFailed',
  [RealmExportStatus.DELETED]: 'dateDeleted',
};

// A realm's exports, always looked up through their realm; and the workers' queue.
@Injectable()
export class RealmExportsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  insert(unit: UnitOfWork, row: NewRealmExport): Promise<RealmExportEntity> {
    const repository = entityManagerOf(unit).getRepository(RealmExportEntity);
    return repository.save(repository.create({ ...row, status: RealmExportStatus.REQUESTED }));
  }

  listByRealm(realmId: number, unit?: UnitOfWork): Promise<RealmExportEntity[]> {
    return entityManagerOf(unit, this.dataSource)
      .getRepository(RealmExportEntity)
      .find({ where: { realmId }, order: { id: 'ASC' } });
  }

  find(realmId: number, id: number, unit?: UnitOfWork): Promise<RealmExportEntity | null> {
    return entityManagerOf(unit, this.dataSource)
      .getRepository(RealmExportEntity)
      .findOne({
        where: { realmId, id },
        ...(unit ? { lock: { mode: 'pessimistic_write' as const } } : {}),
      });
  }

  // Exports requested since `since`, counted under a lock on the realm's rows so two
  // concurrent requests cannot both pass the rate limit.
  async countRequestedSince(unit: UnitOfWork, realmId: number, since: Date): Promise<number> {
    const manager = entityManagerOf(unit);
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('realm_export'), $1)`, [realmId]);
    return manager
      .getRepository(RealmExportEntity)
      .countBy({ realmId, dateRequested: MoreThanOrEqual(since) });
  }

  // Claims the oldest export still to build whose claim is free or lapsed, for `leaseMs`.
  async claimNext(now: Date, leaseMs: number): Promise<RealmExportEntity | null> {
    const [rows] = (await this.dataSource.query(
      `UPDATE "chat"."realm_export"
          SET "claimed_until" = $1::timestamptz + make_interval(secs => $2::float8 / 1000), "attempts" = "attempts" + 1
        WHERE "id" = (
          SELECT "id" FROM "chat"."realm_export"
           WHERE "status" IN (${RealmExportStatus.REQUESTED}, ${RealmExportStatus.STARTED})
             AND ("claimed_until" IS NULL OR "claimed_until" < $1)
           ORDER BY "id" LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING "id", "realm_id"`,
      [now, leaseMs],
    )) as [Array<{ id: number; realm_id: number }>, number];
    const claimed = rows[0];
    return claimed ? this.find(claimed.realm_id, claimed.id) : null;
  }

  // Extends a claim this worker still holds; false when the row moved on meanwhile.
  // A claim is known by the attempt that made it: once it lapsed and another worker claimed the
  // row, the attempt no longer matches.
  async renewClaim(id: number, attempt: number, now: Date, leaseMs: number): Promise<boolean> {
    const [, affected] = (await this.dataSource.query(
      `UPDATE "chat"."realm_export" SET "claimed_until" = $3::timestamptz + make_interval(secs => $4::float8 / 1000)
        WHERE "id" = $1 AND "attempts" = $2 AND "status" IN (${RealmExportStatus.REQUESTED}, ${RealmExportStatus.STARTED})`,
      [id, attempt, now, leaseMs],
    )) as [unknown, number];
    return affected === 1;
  }

  // Moves the export into `to` if its status allows it (realm-export-status.ts) and, for a
  // worker's move, its claim is still `attempt`; records the move's date and `fields`. False
  // when another move came first.
  async move(
    unit: UnitOfWork,
    id: number,
    to: RealmExportStatus,
    at: Date,
    options: {
      attempt?: number;
      fields?: Partial<Pick<RealmExportEntity, 'exportPath' | 'tarballSizeBytes' | 'sha256sumHex'>>;
    } = {},
  ): Promise<boolean> {
    const dateColumn = DATE_OF[to];
    const result = await entityManagerOf(unit)
      .createQueryBuilder()
      .update(RealmExportEntity)
      .set({
        ...options.fields,
        status: to,
        ...(dateColumn ? { [dateColumn]: at } : {}),
        ...(to === RealmExportStatus.STARTED ? {} : { claimedUntil: null }),
      })
      .where('id = :id AND status IN (:...from)', { id, from: movesInto(to) })
      .andWhere(options.attempt === undefined ? '1 = 1' : 'attempts = :attempt', { attempt: options.attempt })
      .execute();
    return result.affected === 1;
  }

  // How many exports are in each status, for /metrics.
  async countByStatus(): Promise<Array<{ status: RealmExportStatus; count: number }>> {
    const rows = (await this.dataSource.query(
      `SELECT "status", count(*)::int AS "count" FROM "chat"."realm_export" GROUP BY "status"`,
    )) as Array<{ status: RealmExportStatus; count: number }>;
    return rows;
  }

  // The realm's messages, counted up to `cap` (the size limit needs no more).
  async countMessagesUpTo(unit: UnitOfWork, realmId: number, cap: number): Promise<number> {
    const [row] = (await entityManagerOf(unit).query(
      `SELECT count(*)::int AS "count" FROM (SELECT 1 FROM "chat"."message" WHERE "realm_id" = $1 LIMIT $2) m`,
      [realmId, cap],
    )) as Array<{ count: number }>;
    return row?.count ?? 0;
  }
}
