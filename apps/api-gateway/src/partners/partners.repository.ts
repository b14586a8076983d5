import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import { ApiKeyEntity } from './api-key.entity.js';
import { PartnerEntity } from './partner.entity.js';

@Injectable()
export class PartnersRepository {
  constructor(private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  findPartner(partnerId: string): Promise<PartnerEntity | null> {
    return this.dataSource.getRepository(PartnerEntity).findOneBy({ id: partnerId });
  }

  findActiveKeyByHash(keyHash: string): Promise<ApiKeyEntity | null> {
    return this.dataSource.getRepository(ApiKeyEntity).findOneBy({ keyHash, revokedAt: IsNull() });
  }

  listKeys(partnerId: string): Promise<ApiKeyEntity[]> {
    return this.dataSource
      .getRepository(ApiKeyEntity)
      .find({ where: { partnerId }, order: { createdAt: 'ASC' } });
  }

  // Scoped by partner: a key id of another partner revokes nothing.
  async revokeKey(partnerId: string, keyId: string, at: Date): Promise<boolean> {
    const result = await this.dataSource
      .getRepository(ApiKeyEntity)
      .update({ id: keyId, partnerId, revokedAt: IsNull() }, { revokedAt: at });
    if ((result.affected ?? 0) > 0) return true;
    // Revoking an already revoked key is not an error: the outcome the caller wants holds.
    return await this.dataSource.getRepository(ApiKeyEntity).existsBy({ id: keyId, partnerId });
  }
}
