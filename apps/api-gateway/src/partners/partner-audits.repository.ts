import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock, IdGenerator } from '@shared/util';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { PartnerAuditEntity, type PartnerAuditAction } from './partner-audit.entity.js';
import { PartnerEntity } from './partner.entity.js';

// An audit entry with the name of the partner it concerns (what operators recognise).
export type PartnerAuditView = PartnerAuditEntity & { readonly partnerName: string | null };

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

  // Newest first, each with its partner's name.
  async latest(page: number, pageSize: number): Promise<[PartnerAuditView[], number]> {
    const query = this.dataSource
      .getRepository(PartnerAuditEntity)
      .createQueryBuilder('a')
      .leftJoin(PartnerEntity, 'p', 'p.id = a.partner_id')
      .addSelect('p.name', 'partner_name');
    const [{ entities, raw }, total] = await Promise.all([
      query
        .orderBy('a.occurred_at', 'DESC')
        .addOrderBy('a.id', 'DESC')
        .offset((page - 1) * pageSize)
        .limit(pageSize)
        .getRawAndEntities<{ partner_name: string | null }>(),
      query.getCount(),
    ]);
    // One row per entry (a partner per entry at most): rows and entities line up.
    return [entities.map((entry, at) => ({ ...entry, partnerName: raw[at]?.partner_name ?? null })), total];
  }
}
