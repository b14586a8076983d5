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
    const partners = this.dataSource.getRepository(PartnerEntity);
    const [rows, total] = await Promise.all([
      partners
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
        )
        .orderBy('partner.created_at', 'DESC')
        .addOrderBy('partner.id', 'DESC')
        .offset((page - 1) * pageSize)
        .limit(pageSize)
        .getRawMany<{ id: string; name: string; created_at: Date; active_keys: string }>(),
      partners.count(),
    ]);
    return {
      total,
      partners: rows.map((row) => ({
        id: row.id,
        name: row.name,
        createdAt: row.created_at.toISOString(),
        activeKeys: Number(row.active_keys),
      })),
    };
  }
}
