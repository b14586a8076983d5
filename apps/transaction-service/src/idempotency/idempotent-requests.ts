import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '@shared/util';
import { TransactionServiceConfig } from '../transaction-service.config.js';
import {
  TransactionError,
  TransactionErrorCode,
  invalidTransactionRequest,
} from '../transactions/transaction.errors.js';
import { IdempotencyRecordEntity } from './idempotency-record.entity.js';
import { requestFingerprint } from './request-fingerprint.js';

const KEY = /^[\x21-\x7e]{1,255}$/;
// Deleted a bounded number at a time, so one sweep never holds a long lock or a long transaction.
const FORGET_BATCH = 5_000;

// The Idempotency-Key header, per partner. A key is claimed with its body's fingerprint before
// any work runs, so two concurrent requests with one key and different bodies cannot both act:
// the second is refused (422). The first successful answer is kept and replayed to retries with
// the same body. Refusals are not kept (the claim is released), so a fixed request can reuse
// its key. A retry of a body whose first attempt is still in flight, or died with its process,
// runs the work as well: the work itself is idempotent (accepting a quote is, per quote).
// Keys are kept IDEMPOTENCY_KEY_RETENTION_MS, then forgotten: the key can then name a new request.
@Injectable()
export class IdempotentRequests {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly config: TransactionServiceConfig,
  ) {}

  // Forgets keys older than the retention; how many it forgot.
  async forgetExpired(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - this.config.IDEMPOTENCY_KEY_RETENTION_MS);
    let forgotten = 0;
    for (;;) {
      const [, deleted]: [unknown, number] = await this.dataSource.query(
        `DELETE FROM "transaction"."idempotency_record" WHERE (partner_id, idempotency_key) IN (
           SELECT partner_id, idempotency_key FROM "transaction"."idempotency_record"
           WHERE created_at < $1 LIMIT $2)`,
        [cutoff, FORGET_BATCH],
      );
      forgotten += deleted;
      if (deleted < FORGET_BATCH) return forgotten;
    }
  }

  async run<T extends object>(
    partnerId: string,
    key: string | undefined,
    body: unknown,
    work: () => Promise<T>,
  ): Promise<T> {
    if (key === undefined) return work();
    if (!KEY.test(key)) {
      throw invalidTransactionRequest('Idempotency-Key must be 1 to 255 visible ASCII characters');
    }
    const fingerprint = requestFingerprint(body);
    const { claimed, answer } = await this.acquire(partnerId, key, fingerprint);
    if (answer) return answer as T;
    let response: T;
    try {
      response = await work();
    } catch (error) {
      if (claimed) await this.release(partnerId, key, fingerprint);
      throw error;
    }
    return this.record(partnerId, key, fingerprint, response);
  }

  // Claims the key for this body, or finds it claimed by the same body (with its answer once
  // there is one); a key claimed by another body is refused.
  private async acquire(
    partnerId: string,
    idempotencyKey: string,
    fingerprint: string,
  ): Promise<{ claimed: boolean; answer: object | null }> {
    for (;;) {
      if (await this.claim(partnerId, idempotencyKey, fingerprint)) return { claimed: true, answer: null };
      const stored = await this.find(partnerId, idempotencyKey);
      if (stored) {
        assertSameBody(stored, fingerprint);
        return { claimed: false, answer: stored.response };
      }
      // Its claimant was refused and released the key in the meantime: claim it again.
    }
  }

  private async claim(partnerId: string, idempotencyKey: string, fingerprint: string): Promise<boolean> {
    // Plain SQL: the query builder's insert reports no returned row on PostgreSQL here.
    const claimed: unknown[] = await this.dataSource.query(
      `INSERT INTO "transaction"."idempotency_record" (partner_id, idempotency_key, fingerprint, response, created_at)
       VALUES ($1, $2, $3, NULL, $4) ON CONFLICT DO NOTHING RETURNING 1`,
      [partnerId, idempotencyKey, fingerprint, this.clock.now()],
    );
    return claimed.length > 0;
  }

  private async release(partnerId: string, idempotencyKey: string, fingerprint: string): Promise<void> {
    await this.pending(partnerId, idempotencyKey, fingerprint).delete().execute();
  }

  // The first answer recorded under the key wins, so every retry replays the same bytes.
  private async record<T extends object>(
    partnerId: string,
    idempotencyKey: string,
    fingerprint: string,
    response: T,
  ): Promise<T> {
    const updated = await this.pending(partnerId, idempotencyKey, fingerprint)
      .update()
      .set({ response })
      .execute();
    if (updated.affected) return response;
    const stored = await this.find(partnerId, idempotencyKey);
    return (stored?.response as T | null | undefined) ?? response;
  }

  // The key's claim by this body while it has no answer yet.
  private pending(partnerId: string, idempotencyKey: string, fingerprint: string) {
    return this.dataSource
      .createQueryBuilder(IdempotencyRecordEntity, 'record')
      .where('partner_id = :partnerId AND idempotency_key = :idempotencyKey', { partnerId, idempotencyKey })
      .andWhere('fingerprint = :fingerprint AND response IS NULL', { fingerprint });
  }

  private find(partnerId: string, idempotencyKey: string): Promise<IdempotencyRecordEntity | null> {
    return this.dataSource.getRepository(IdempotencyRecordEntity).findOneBy({ partnerId, idempotencyKey });
  }
}

function assertSameBody(record: IdempotencyRecordEntity, fingerprint: string): void {
  if (record.fingerprint !== fingerprint) {
    throw new TransactionError(
      TransactionErrorCode.IDEMPOTENCY_KEY_REUSED,
      'This Idempotency-Key was already used with a different request body',
    );
  }
}
