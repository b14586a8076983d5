import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, tableName, type UnitOfWork } from '@platform/database';
import type { OutgoingWebhookRequestedV1 } from '@shared/contracts';
import { OutgoingWebhookCallEntity } from './outgoing-webhook-call.entity.js';

export interface ClaimedCall {
  readonly request: OutgoingWebhookRequestedV1;
  // This attempt's number, from 1.
  readonly attempt: number;
}

// Calls are shared work: workers (and replicas) claim due rows with FOR UPDATE SKIP LOCKED and
// hold each under a lease while they call; a lease that runs out frees the row for another.
@Injectable()
export class OutgoingWebhookCallsRepository {
  private readonly table: string;

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {
    this.table = tableName(dataSource, OutgoingWebhookCallEntity);
  }

  // A request seen again (the same id) is not called twice.
  async insert(unit: UnitOfWork, request: OutgoingWebhookRequestedV1, now: Date): Promise<void> {
    const manager = entityManagerOf(unit);
    await manager.query(
      `INSERT INTO ${this.table} (request_id, request, attempt_count, next_attempt_at)
       VALUES ($1, $2, 0, $3) ON CONFLICT (request_id) DO NOTHING`,
      [request.requestId, JSON.stringify(request), now],
    );
  }

  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedCall[]> {
    const [rows] = (await this.dataSource.query(
      `WITH due AS (
         SELECT request_id FROM ${this.table}
          WHERE next_attempt_at <= $1 AND (leased_until IS NULL OR leased_until <= $1)
          ORDER BY next_attempt_at LIMIT $3
          FOR UPDATE SKIP LOCKED)
       UPDATE ${this.table} c SET leased_until = $2, attempt_count = c.attempt_count + 1
         FROM due WHERE c.request_id = due.request_id
       RETURNING c.request, c.attempt_count`,
      [now, leaseUntil, limit],
    )) as [Array<{ request: OutgoingWebhookRequestedV1; attempt_count: number }>, number];
    return rows.map((row) => ({ request: row.request, attempt: row.attempt_count }));
  }

  async retryAt(requestId: string, at: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE ${this.table} SET next_attempt_at = $2, leased_until = NULL WHERE request_id = $1`,
      [requestId, at],
    );
  }

  // False when the row is gone already (another worker finished it).
  async remove(unit: UnitOfWork, requestId: string): Promise<boolean> {
    const manager = entityManagerOf(unit);
    const [, count] = (await manager.query(`DELETE FROM ${this.table} WHERE request_id = $1`, [
      requestId,
    ])) as [unknown, number];
    return count > 0;
  }
}
