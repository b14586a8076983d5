import { Injectable } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import { ApiKeyEntity } from './api-key.entity.js';
import { keyQuotaOf } from './key-quota.js';
import type { ListPageRequestDto } from './list-page.request.dto.js';
import type { ApiKeyListResponseDto } from './ops-partners.response.dto.js';
import { PartnerEntity } from './partner.entity.js';
import { PartnersConfig } from './partners.config.js';

// A page of a partner's keys as operators and the partner itself see them (never the key or its
// hash), newest first, with how many are active against its key quota: what a partner needs to
// know before it is refused one more.
@Injectable()
export class ApiKeyListQuery {
  constructor(
    private readonly dataSource: DataSource,
    private readonly config: PartnersConfig,
  ) {}

  async page(partnerId: string, { page, pageSize }: ListPageRequestDto): Promise<ApiKeyListResponseDto> {
    const [[keys, total], partner, activeKeys] = await Promise.all([
      this.dataSource.getRepository(ApiKeyEntity).findAndCount({
        where: { partnerId },
        order: { createdAt: 'DESC', id: 'DESC' },
        skip: (page - 1) * pageSize,
        take: pageSize,
      }),
      this.dataSource.getRepository(PartnerEntity).findOneBy({ id: partnerId }),
      this.dataSource.getRepository(ApiKeyEntity).countBy({ partnerId, revokedAt: IsNull() }),
    ]);
    const quota = keyQuotaOf(partner?.maxActiveKeys ?? null, this.config.API_KEY_QUOTA_DEFAULT);
    return {
      page,
      pageSize,
      total,
      activeKeys,
      maxActiveKeys: quota.maxActiveKeys,
      keys: keys.map((key) => ({
        keyId: key.id,
        displayPrefix: key.displayPrefix,
        createdAt: key.createdAt.toISOString(),
        revokedAt: key.revokedAt?.toISOString() ?? null,
        name: key.name,
        lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
      })),
    };
  }
}
