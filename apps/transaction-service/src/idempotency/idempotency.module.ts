import { Global, Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { IdempotencyRecordEntity } from './idempotency-record.entity.js';
import { IdempotencyRecordsRepository } from './idempotency-records.repository.js';
import { IdempotentRequests } from './idempotent-requests.js';

// Idempotency-Key: a retried request gets the first answer again.
@Global()
@OwnsTables({ entities: [IdempotencyRecordEntity] })
@Module({
  providers: [IdempotencyRecordsRepository, IdempotentRequests],
  exports: [IdempotentRequests],
})
export class IdempotencyModule {}
