import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { PushJobEntity, type PushJobKind } from './push-job.entity.js';

export interface NewPushJob {
  readonly kind: PushJobKind;
  readonly realmId: number;
  readonly userId: number;
  readonly data: Record<string, unknown>;
  readonly secret?: string;
}

// The calls to the bouncer still to make (push-job.entity.ts).
@Injectable()
export class PushJobsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async enqueue(unit: UnitOfWork, jobs: readonly NewPushJob[], dueAt: Date): Promise<void> {
    if (jobs.length === 0) return;
    const values = jobs.flatMap((job) => [
      job.kind,
      job.realmId,
      job.userId,
      JSON.stringify(job.data),
      job.secret ?? null,
    ]);
    const rows = jobs.map((_, index) => {
      const at = index * 5;
      return `($${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}::jsonb, $${at + 5}, $${values.length + 1})`;
    });
    await entityManagerOf(unit).query(
      `INSERT INTO "chat"."push_job" ("kind", "realm_id", "user_id", "data", "secret", "due_at") VALUES ${rows.join(', ')}`,
      [...values, dueAt],
    );
  }

  // Claims up to `limit` due calls whose claim is free or lapsed, for `leaseMs`; each claim
  // counts as an attempt.
  async claimDue(now: Date, leaseMs: number, limit: number): Promise<PushJobEntity[]> {
    const [rows] = (await this.dataSource.query(
      `UPDATE "chat"."push_job"
          SET "claimed_until" = $1::timestamptz + make_interval(secs => $2::float8 / 1000), "attempts" = "attempts" + 1
        WHERE "id" IN (
          SELECT "id" FROM "chat"."push_job"
           WHERE "due_at" <= $1 AND ("claimed_until" IS NULL OR "claimed_until" < $1)
           ORDER BY "due_at", "id" LIMIT $3 FOR UPDATE SKIP LOCKED)
        RETURNING "id"`,
      [now, leaseMs, limit],
    )) as [Array<{ id: string }>, number];
    if (rows.length === 0) return [];
    return this.dataSource
      .getRepository(PushJobEntity)
      .createQueryBuilder('job')
      .where('job.id IN (:...ids)', { ids: rows.map((row) => row.id) })
      .orderBy('job.id')
      .getMany();
  }

  // Done (or given up): gone, unless another replica claimed it after this claim lapsed.
  async finish(job: Pick<PushJobEntity, 'id' | 'attempts'>): Promise<void> {
    await this.dataSource.query(`DELETE FROM "chat"."push_job" WHERE "id" = $1 AND "attempts" = $2`, [
      job.id,
      job.attempts,
    ]);
  }

  async retryAt(job: Pick<PushJobEntity, 'id' | 'attempts'>, dueAt: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE "chat"."push_job" SET "due_at" = $3, "claimed_until" = NULL WHERE "id" = $1 AND "attempts" = $2`,
      [job.id, job.attempts, dueAt],
    );
  }

  async countByKind(): Promise<Array<{ kind: PushJobKind; count: number }>> {
    const rows = (await this.dataSource.query(
      `SELECT "kind", count(*)::int AS "count" FROM "chat"."push_job" GROUP BY "kind"`,
    )) as Array<{ kind: PushJobKind; count: number }>;
    return rows;
  }
}
