import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiKeyEntity } from './api-key.entity.js';
import { PartnerEntity } from './partner.entity.js';

export interface PartnerSummary {
  readonly id: string;
  readonly name: string;
  readonly createdAt: string;
  readonly activeKeys: number;
}

// The operators' partner list: newest first, each with how many keys still authenticate.
@Injectable()
export class PartnerListQuery {
  constructor(private readonly dataSource: DataSource) {}

  async page(page: number, pageSize: number): Promise<{ total: number; partners: PartnerSummary[] }> {
    const [rows, total] = await Promise.all([
      this.summaries()
        .orderBy('partner.created_at', 'DESC')
        .addOrderBy('partner.id', 'DESC')
        .offset((page - 1) * pageSize)
        .limit(pageSize)
        .getRawMany<SummaryRow>(),
      this.dataSource.getRepository(PartnerEntity).count(),
    ]);
    return { total, partners: rows.map(summaryOf) };
  }

  async one(partnerId: string): Promise<PartnerSummary | null> {
    const row = await this.summaries()
      .where('partner.id = :partnerId', { partnerId })
      .getRawOne<SummaryRow>();
    return row ? summaryOf(row) : null;
  }

  private summaries() {
    return this.dataSource
      .getRepository(PartnerEntity)
      .createQueryBuilder('partner')
      .select(['partner.id AS id', 'partner.name AS name', 'partner.created_at AS created_at'])
      .addSelect(
        (keys) =>
          keys
            .select('COUNT(*)')
            .from(ApiKeyEntity, 'key')
            .where('key.partner_id = partner.id')
            .andWhere('key.revoked_at IS NULL'),
        'active_keys',
      );
  }
}

interface SummaryRow {
  readonly id: string;
  readonly name: string;
  readonly created_at: Date;
  readonly active_keys: string;
}

const summaryOf = (row: SummaryRow): PartnerSummary => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at.toISOString(),
  activeKeys: Number(row.active_keys),
});
