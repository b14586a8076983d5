import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { RequestContext } from '@platform/logging';
import { Clock, IdGenerator } from '@shared/util';
import { HeldDepositAuditEntity } from './held-deposit-audit.entity.js';

export type HeldDepositAuditRecord = Pick<
  HeldDepositAuditEntity,
  'actor' | 'action' | 'depositId' | 'target' | 'result' | 'reason'
>;

// Every operator's request about a held transfer, refusals included.
@Injectable()
export class HeldDepositAuditsRepository {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  // In `unit`'s transaction when the request changed something, so both commit together; a
  // refusal is recorded on its own, after its transaction rolled back.
  async record(entry: HeldDepositAuditRecord, unit?: UnitOfWork): Promise<void> {
    const manager = unit ? entityManagerOf(unit) : this.dataSource.manager;
    await manager.insert(HeldDepositAuditEntity, {
      ...entry,
      id: this.ids.uuid(),
      depositId: entry.depositId.slice(0, 100),
      target: entry.target?.slice(0, 120) ?? null,
      reason: entry.reason?.slice(0, 300) ?? null,
      correlationId: RequestContext.current()?.correlationId ?? null,
      requestedAt: this.clock.now(),
    });
  }

  // The request that resolved the deposit, if an operator's did.
  resolutionOf(unit: UnitOfWork | null, depositId: string): Promise<HeldDepositAuditEntity | null> {
    const manager = unit ? entityManagerOf(unit) : this.dataSource.manager;
    return manager.findOneBy(HeldDepositAuditEntity, { depositId, result: 'resolved' });
  }

  // Every request, newest first.
  page(page: number, pageSize: number): Promise<[HeldDepositAuditEntity[], number]> {
    return this.dataSource.getRepository(HeldDepositAuditEntity).findAndCount({
      order: { requestedAt: 'DESC', id: 'DESC' },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
  }
}
