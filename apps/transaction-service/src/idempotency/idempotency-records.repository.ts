import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { IdempotencyRecordEntity } from './idempotency-record.entity.js';

// A partner's Idempotency-Keys: claimed by a body's fingerprint, answered once, forgotten later.
@Injectable()
export class IdempotencyRecordsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  // Forgets up to `limit` keys created before `cutoff`; how many it forgot.
  async forgetCreatedBefore(cutoff: Date, limit: number): Promise<number> {
    const [, deleted]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM "transaction"."idempotency_record" WHERE (partner_id, idempotency_key) IN (
         SELECT partner_id, idempotency_key FROM "transaction"."idempotency_record"
         WHERE created_at < $1 LIMIT $2)`,
      [cutoff, limit],
    );
    return deleted;
  }

  // False when the key is already claimed (by this body or another).
  async claim(partnerId: string, idempotencyKey: string, fingerprint: string, at: Date): Promise<boolean> {
    // Plain SQL: the query builder's insert reports no returned row on PostgreSQL here.
    const claimed: unknown[] = await this.dataSource.query(
      `INSERT INTO "transaction"."idempotency_record" (partner_id, idempotency_key, fingerprint, response, created_at)
       VALUES ($1, $2, $3, NULL, $4) ON CONFLICT DO NOTHING RETURNING 1`,
      [partnerId, idempotencyKey, fingerprint, at],
    );
    return claimed.length > 0;
  }

  async releaseClaim(partnerId: string, idempotencyKey: string, fingerprint: string): Promise<void> {
    await this.pending(partnerId, idempotencyKey, fingerprint).delete().execute();
  }

  // False when the claim has an answer already (or is gone): the first answer recorded wins.
  async recordAnswer(
    partnerId: string,
    idempotencyKey: string,
    fingerprint: string,
    response: object,
  ): Promise<boolean> {
    const updated = await this.pending(partnerId, idempotencyKey, fingerprint)
      .update()
      .set({ response })
      .execute();
    return Boolean(updated.affected);
  }

  find(partnerId: string, idempotencyKey: string): Promise<IdempotencyRecordEntity | null> {
    return this.dataSource.getRepository(IdempotencyRecordEntity).findOneBy({ partnerId, idempotencyKey });
  }

  // The key's claim by this body while it has no answer yet.
  private pending(partnerId: string, idempotencyKey: string, fingerprint: string) {
    return this.dataSource
      .createQueryBuilder(IdempotencyRecordEntity, 'record')
      .where('partner_id = :partnerId AND idempotency_key = :idempotencyKey', { partnerId, idempotencyKey })
      .andWhere('fingerprint = :fingerprint AND response IS NULL', { fingerprint });
  }
}
