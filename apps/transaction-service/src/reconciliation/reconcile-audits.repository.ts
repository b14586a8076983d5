import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RequestContext } from '@platform/logging';
import { Clock, IdGenerator } from '@shared/util';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { ReconcileAuditEntity } from './reconcile-audit.entity.js';

export interface ReconcileAuditRecord {
  readonly actor: string;
  readonly blockchain: ReconcileAuditEntity['blockchain'];
  readonly onChainTx: string;
  readonly requestedTransactionId: string | null;
  readonly result: string;
  readonly transactionId: string | null;
  readonly reason: string | null;
}

// One row per reconcile call, refusals and failures included.
@Injectable()
export class ReconcileAuditsRepository {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  // In `unit`'s transaction when the call changed something, so both commit together.
  async record(entry: ReconcileAuditRecord, unit?: UnitOfWork): Promise<void> {
    const manager = unit ? entityManagerOf(unit) : this.dataSource.manager;
    await manager.insert(ReconcileAuditEntity, {
      ...entry,
      id: this.ids.uuid(),
      correlationId: RequestContext.current()?.correlationId ?? null,
      requestedAt: this.clock.now(),
    });
  }

  // Every call, newest first.
  page(page: number, pageSize: number): Promise<[ReconcileAuditEntity[], number]> {
    return this.dataSource.getRepository(ReconcileAuditEntity).findAndCount({
      order: { requestedAt: 'DESC', id: 'DESC' },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
  }
}
