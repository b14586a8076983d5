import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

// One window's count as a replica reports and learns it.
export interface WindowKey {
  readonly subject: string;
  readonly bucket: string;
  readonly windowStart: number;
  readonly windowSeconds: number;
}

export interface WindowIncrement extends WindowKey {
  readonly hits: number;
}

@Injectable()
export class RateLimitCountersRepository {
  constructor(private readonly dataSource: DataSource) {}

  // One statement for every window a replica counts in: adds its increments (zero ones too, to
  // learn the others' counts) and answers each window's total over every replica. Rows are taken
  // in key order, the same on every replica, so two syncs never wait on each other in a cycle.
  async addAndRead(increments: readonly WindowIncrement[]): Promise<WindowIncrement[]> {
    if (increments.length === 0) return [];
    const rows: Array<{
      subject: string;
      bucket: string;
      window_start: string;
      window_seconds: number;
      hits: number;
    }> = await this.dataSource.query(
      `INSERT INTO "api_gateway"."rate_limit_window" AS "counted"
           ("subject", "bucket", "window_start", "window_seconds", "hits", "ends_at")
         SELECT "subject", "bucket", "window_start", "window_seconds", "hits", "window_start" + "window_seconds"
         FROM unnest($1::varchar[], $2::varchar[], $3::bigint[], $4::integer[], $5::integer[])
           AS "increment" ("subject", "bucket", "window_start", "window_seconds", "hits")
         ORDER BY 1, 2, 3, 4
         ON CONFLICT ("subject", "bucket", "window_start", "window_seconds")
           DO UPDATE SET "hits" = "counted"."hits" + EXCLUDED."hits"
         RETURNING "subject", "bucket", "window_start", "window_seconds", "hits"`,
      [
        increments.map((increment) => increment.subject),
        increments.map((increment) => increment.bucket),
        increments.map((increment) => increment.windowStart),
        increments.map((increment) => increment.windowSeconds),
        increments.map((increment) => increment.hits),
      ],
    );
    return rows.map((row) => ({
      subject: row.subject,
      bucket: row.bucket,
      windowStart: Number(row.window_start),
      windowSeconds: row.window_seconds,
      hits: row.hits,
    }));
  }

  // Windows over before `epochSeconds`: nothing reads them any more.
  async pruneEndedBefore(epochSeconds: number): Promise<void> {
    await this.dataSource.query(`DELETE FROM "api_gateway"."rate_limit_window" WHERE "ends_at" < $1`, [
      epochSeconds,
    ]);
  }
}
