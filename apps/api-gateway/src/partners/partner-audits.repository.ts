import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock, IdGenerator } from '@shared/util';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { PartnerAuditEntity, type PartnerAuditAction } from './partner-audit.entity.js';

export interface PartnerAuditRecord {
  readonly actor: string;
  readonly action: PartnerAuditAction;
  readonly partnerId: string;
  readonly subject: string;
}

@Injectable()
export class PartnerAuditsRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  // In the change's transaction: the change and its audit row commit or roll back together.
  async record(unit: UnitOfWork, entry: PartnerAuditRecord): Promise<void> {
    const manager = entityManagerOf(unit);
    await manager.insert(PartnerAuditEntity, { ...entry, id: this.ids.uuid(), occurredAt: this.clock.now() });
  }

  // Newest first.
  latest(page: number, pageSize: number): Promise<[PartnerAuditEntity[], number]> {
    return this.dataSource.getRepository(PartnerAuditEntity).findAndCount({
      order: { occurredAt: 'DESC', id: 'DESC' },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
  }
}
