import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock, IdGenerator } from '@shared/util';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { PartnerRateLimitAuditEntity } from './partner-rate-limit-audit.entity.js';
import { PartnerRateLimitEntity } from './partner-rate-limit.entity.js';

export interface RateLimitAuditRecord {
  readonly actor: string;
  readonly partnerId: string;
  readonly fromLimits: string;
  readonly toLimits: string;
}

@Injectable()
export class PartnerRateLimitsRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  // Every override of every partner: what each replica holds in memory (a row per partner and
  // class an operator changed, so few).
  all(): Promise<PartnerRateLimitEntity[]> {
    return this.dataSource.getRepository(PartnerRateLimitEntity).find();
  }

  ofPartner(unit: UnitOfWork, partnerId: string): Promise<PartnerRateLimitEntity[]> {
    return entityManagerOf(unit).find(PartnerRateLimitEntity, {
      where: { partnerId },
      order: { routeClass: 'ASC' },
      // Two operators changing one partner's limits at once: the second waits, then audits
      // what the first left as its "before".
      lock: { mode: 'pessimistic_write' },
    });
  }

  // The partner's overrides become exactly `limits`.
  async replace(
    unit: UnitOfWork,
    partnerId: string,
    limits: readonly PartnerRateLimitEntity[],
  ): Promise<void> {
    const manager = entityManagerOf(unit);
    await manager.delete(PartnerRateLimitEntity, { partnerId });
    if (limits.length > 0) await manager.insert(PartnerRateLimitEntity, [...limits]);
  }

  async recordAudit(unit: UnitOfWork, entry: RateLimitAuditRecord): Promise<void> {
    await entityManagerOf(unit).insert(PartnerRateLimitAuditEntity, {
      ...entry,
      id: this.ids.uuid(),
      occurredAt: this.clock.now(),
    });
  }

  // Newest first.
  auditPage(page: number, pageSize: number): Promise<[PartnerRateLimitAuditEntity[], number]> {
    return this.dataSource.getRepository(PartnerRateLimitAuditEntity).findAndCount({
      order: { occurredAt: 'DESC', id: 'DESC' },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
  }
}
