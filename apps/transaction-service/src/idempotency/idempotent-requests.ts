import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '@shared/util';
import {
  TransactionError,
  TransactionErrorCode,
  invalidTransactionRequest,
} from '../transactions/transaction.errors.js';
import { IdempotencyRecordEntity } from './idempotency-record.entity.js';
import { requestFingerprint } from './request-fingerprint.js';

const KEY = /^[\x21-\x7e]{1,255}$/;

// The Idempotency-Key header, per partner: the first successful answer under a key is kept, and
// a retry with the same key and body gets it again; the same key with another body is refused
// (422). Refusals are not kept: a request that failed can be retried under its key once fixed.
// The work itself must be idempotent too (accepting a quote is, per quote), which covers a
// process dying between the work and the record.
@Injectable()
export class IdempotentRequests {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

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
    const stored = await this.find(partnerId, key);
    if (stored) return replay<T>(stored, fingerprint);
    const response = await work();
    const inserted = await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(IdempotencyRecordEntity)
      .values({ partnerId, idempotencyKey: key, fingerprint, response, createdAt: this.clock.now() })
      .orIgnore()
      .returning(['partner_id'])
      .execute();
    if (inserted.raw.length > 0) return response;
    // A concurrent request under the same key recorded its answer first.
    const winner = await this.find(partnerId, key);
    return winner ? replay<T>(winner, fingerprint) : response;
  }

  private find(partnerId: string, idempotencyKey: string): Promise<IdempotencyRecordEntity | null> {
    return this.dataSource.getRepository(IdempotencyRecordEntity).findOneBy({ partnerId, idempotencyKey });
  }
}

function replay<T>(record: IdempotencyRecordEntity, fingerprint: string): T {
  if (record.fingerprint !== fingerprint) {
    throw new TransactionError(
      TransactionErrorCode.IDEMPOTENCY_KEY_REUSED,
      'This Idempotency-Key was already used with a different request body',
    );
  }
  return record.response as T;
}
