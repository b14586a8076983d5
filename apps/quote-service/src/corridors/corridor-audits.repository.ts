import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { CorridorAuditEntity } from './corridor-audit.entity.js';

@Injectable()
export class CorridorAuditsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async record(manager: EntityManager, entry: CorridorAuditEntity): Promise<void> {
    await manager.insert(CorridorAuditEntity, entry);
  }

  // Newest first.
  latest(limit: number): Promise<CorridorAuditEntity[]> {
    return this.dataSource
      .getRepository(CorridorAuditEntity)
      .find({ order: { occurredAt: 'DESC', id: 'DESC' }, take: limit });
  }
}
