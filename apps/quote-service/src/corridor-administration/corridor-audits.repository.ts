import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { CorridorAuditEntity } from './corridor-audit.entity.js';

@Injectable()
export class CorridorAuditsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async record(unit: UnitOfWork, entry: CorridorAuditEntity): Promise<void> {
    const manager = entityManagerOf(unit);
    await manager.insert(CorridorAuditEntity, entry);
  }

  // Newest first.
  latest(limit: number): Promise<CorridorAuditEntity[]> {
    return this.dataSource
      .getRepository(CorridorAuditEntity)
      .find({ order: { occurredAt: 'DESC', id: 'DESC' }, take: limit });
  }
}
