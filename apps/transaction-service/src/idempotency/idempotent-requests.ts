import { Injectable } from '@nestjs/common';
import { Clock } from '@shared/util';
import { TransactionServiceConfig } from '../core/transaction-service.config.js';
import {
  TransactionError,
  TransactionErrorCode,
  invalidTransactionRequest,
} from '../core/errors/transaction.errors.js';
import type { IdempotencyRecordEntity } from './idempotency-record.entity.js';
import { IdempotencyRecordsRepository } from './idempotency-records.repository.js';
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
    private readonly records: IdempotencyRecordsRepository,
    private readonly clock: Clock,
    private readonly config: TransactionServiceConfig,
  ) {}

  // Forgets keys older than the retention; how many it forgot.
  async forgetExpired(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - this.config.IDEMPOTENCY_KEY_RETENTION_MS);
    let forgotten = 0;
    for (;;) {
      const deleted = await this.records.forgetCreatedBefore(cutoff, FORGET_BATCH);
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
      if (claimed) await this.records.releaseClaim(partnerId, key, fingerprint);
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
      if (await this.records.claim(partnerId, idempotencyKey, fingerprint, this.clock.now())) {
        return { claimed: true, answer: null };
      }
      const stored = await this.records.find(partnerId, idempotencyKey);
      if (stored) {
        assertSameBody(stored, fingerprint);
        return { claimed: false, answer: stored.response };
      }
      // Its claimant was refused and released the key in the meantime: claim it again.
    }
  }

  // The first answer recorded under the key wins, so every retry replays the same bytes.
  private async record<T extends object>(
    partnerId: string,
    idempotencyKey: string,
    fingerprint: string,
    response: T,
  ): Promise<T> {
    if (await this.records.recordAnswer(partnerId, idempotencyKey, fingerprint, response)) return response;
    const stored = await this.records.find(partnerId, idempotencyKey);
    return (stored?.response as T | null | undefined) ?? response;
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
