import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, tableName, type UnitOfWork } from '@platform/database';
import type { OutgoingWebhookTriggerV1 } from '@shared/contracts';
import type { AnswerOutcome } from './outgoing-webhook-answer.js';
import { OutgoingWebhookAnswerEntity } from './outgoing-webhook-answer.entity.js';

export interface PendingAnswer {
  readonly requestId: string;
  readonly trigger: OutgoingWebhookTriggerV1;
  readonly outcome: AnswerOutcome;
}

// Answers to post are shared work: replicas claim rows with FOR UPDATE SKIP LOCKED under a lease,
// and a lease that runs out (a replica died) frees the row for another.
@Injectable()
export class OutgoingWebhookAnswers {
  private readonly table: string;

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {
    this.table = tableName(dataSource, OutgoingWebhookAnswerEntity);
  }

  async insert(
    unit: UnitOfWork,
    requestId: string,
    trigger: OutgoingWebhookTriggerV1,
    outcome: AnswerOutcome,
  ): Promise<void> {
    await entityManagerOf(unit).query(
      `INSERT INTO ${this.table} (request_id, trigger, outcome) VALUES ($1, $2, $3)
       ON CONFLICT (request_id) DO NOTHING`,
      [requestId, JSON.stringify(trigger), JSON.stringify(outcome)],
    );
  }

  async claim(now: Date, leaseUntil: Date, limit: number): Promise<PendingAnswer[]> {
    const [rows] = (await this.dataSource.query(
      `WITH free AS (
         SELECT request_id FROM ${this.table}
          WHERE leased_until IS NULL OR leased_until <= $1
          LIMIT $3 FOR UPDATE SKIP LOCKED)
       UPDATE ${this.table} a SET leased_until = $2 FROM free WHERE a.request_id = free.request_id
       RETURNING a.request_id, a.trigger, a.outcome`,
      [now, leaseUntil, limit],
    )) as [Array<{ request_id: string; trigger: OutgoingWebhookTriggerV1; outcome: AnswerOutcome }>, number];
    return rows.map((row) => ({ requestId: row.request_id, trigger: row.trigger, outcome: row.outcome }));
  }

  // False when the row is gone already (another replica posted the answer).
  async remove(unit: UnitOfWork, requestId: string): Promise<boolean> {
    const [, count] = (await entityManagerOf(unit).query(`DELETE FROM ${this.table} WHERE request_id = $1`, [
      requestId,
    ])) as [unknown, number];
    return count > 0;
  }
}
