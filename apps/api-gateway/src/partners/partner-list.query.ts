import { Injectable } from '@nestjs/common';
import { DataSource, type SelectQueryBuilder } from 'typeorm';
import { ApiKeyEntity } from './api-key.entity.js';
import { keyQuotaOf } from './key-quota.js';
import { PartnerEntity } from './partner.entity.js';
import { PartnersConfig } from './partners.config.js';

export interface PartnerSummary {
  readonly id: string;
  readonly name: string;
  readonly createdAt: string;
  readonly activeKeys: number;
  readonly maxActiveKeys: number;
  readonly keyQuotaSource: 'default' | 'operator';
}

// The operators' partner list: newest first, each with how many keys still authenticate and how
// many it may hold.
@Injectable()
export class PartnerListQuery {
  constructor(
    private readonly dataSource: DataSource,
    private readonly config: PartnersConfig,
  ) {}

  // Newest first; only the partners `ids` names when given.
  async page(
    page: number,
    pageSize: number,
    ids?: readonly string[],
  ): Promise<{ total: number; partners: PartnerSummary[] }> {
    const named = (query: SelectQueryBuilder<PartnerEntity>) =>
      ids ? query.where('partner.id IN (:...ids)', { ids: ids.map((id) => id.toLowerCase()) }) : query;
    const [rows, total] = await Promise.all([
      named(this.summaries())
        .orderBy('partner.created_at', 'DESC')
        .addOrderBy('partner.id', 'DESC')
        .offset((page - 1) * pageSize)
        .limit(pageSize)
        .getRawMany<SummaryRow>(),
      named(this.dataSource.getRepository(PartnerEntity).createQueryBuilder('partner')).getCount(),
    ]);
    return { total, partners: rows.map((row) => this.summaryOf(row)) };
  }

  async one(partnerId: string): Promise<PartnerSummary | null> {
    const row = await this.summaries()
      .where('partner.id = :partnerId', { partnerId })
      .getRawOne<SummaryRow>();
    return row ? this.summaryOf(row) : null;
  }

  private summaryOf(row: SummaryRow): PartnerSummary {
    const quota = keyQuotaOf(row.max_active_keys, this.config.API_KEY_QUOTA_DEFAULT);
    return {
      id: row.id,
      name: row.name,
      createdAt: row.created_at.toISOString(),
      activeKeys: Number(row.active_keys),
      maxActiveKeys: quota.maxActiveKeys,
      keyQuotaSource: quota.source,
    };
  }

  private summaries() {
    return this.dataSource
      .getRepository(PartnerEntity)
      .createQueryBuilder('partner')
      .select([
        'partner.id AS id',
        'partner.name AS name',
        'partner.created_at AS created_at',
        'partner.max_active_keys AS max_active_keys',
      ])
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
  readonly max_active_keys: number | null;
  readonly active_keys: string;
}
