import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { tableName } from '@platform/database';
import { AttemptOutcome } from '../outbound/webhook-sender.js';
import { WebhookAttemptEntity } from './webhook-attempt.entity.js';
import { WebhookDeliveryEntity } from './webhook-delivery.entity.js';

export interface DailyAttempts {
  readonly day: string;
  readonly attempts: number;
  readonly successes: number;
  readonly p50LatencyMs: number;
  readonly p95LatencyMs: number;
}

// A partner's attempts per UTC day since an instant: counts and duration percentiles, computed
// by PostgreSQL over the attempt rows (one row per HTTP attempt, with its duration).
@Injectable()
export class WebhookAttemptStatsQuery {
  private readonly sql: string;

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {
    this.sql = `SELECT to_char(a.started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
         count(*)::int AS attempts,
         (count(*) FILTER (WHERE a.outcome = $3))::int AS successes,
         round(percentile_cont(0.5) WITHIN GROUP (ORDER BY a.duration_ms))::int AS p50,
         round(percentile_cont(0.95) WITHIN GROUP (ORDER BY a.duration_ms))::int AS p95
       FROM ${tableName(dataSource, WebhookAttemptEntity)} a
       JOIN ${tableName(dataSource, WebhookDeliveryEntity)} d ON d.id = a.delivery_id
      WHERE d.partner_id = $1 AND a.started_at >= $2
      GROUP BY 1 ORDER BY 1`;
  }

  async dailyForPartner(partnerId: string, since: Date): Promise<DailyAttempts[]> {
    const rows = (await this.dataSource.query(this.sql, [
      partnerId,
      since,
      AttemptOutcome.DELIVERED,
    ])) as Array<{
      day: string;
      attempts: number;
      successes: number;
      p50: number;
      p95: number;
    }>;
    return rows.map((row) => ({
      day: row.day,
      attempts: row.attempts,
      successes: row.successes,
      p50LatencyMs: row.p50,
      p95LatencyMs: row.p95,
    }));
  }
}
