import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock, IdGenerator } from '@shared/util';
import { ApiKeyEntity } from './api-key.entity.js';
import { ApiKeyHasher } from './api-key.hasher.js';
import { PartnerEntity } from './partner.entity.js';
import { PartnerError, PartnerErrorCode } from './partners.errors.js';
import { PartnersRepository } from './partners.repository.js';

export interface IssuedApiKey {
  readonly keyId: string;
  // Returned once, never stored.
  readonly apiKey: string;
  readonly displayPrefix: string;
}

// Adds an active key to a partner; a partner may hold several, so keys rotate without downtime.
@Injectable()
export class CreateApiKeyUseCase {
  constructor(
    private readonly partners: PartnersRepository,
    private readonly hasher: ApiKeyHasher,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  execute(partnerId: string): Promise<IssuedApiKey> {
    return this.partners.transaction(async (manager) => {
      if (!(await manager.existsBy(PartnerEntity, { id: partnerId }))) {
        throw new PartnerError(PartnerErrorCode.PARTNER_NOT_FOUND);
      }
      return this.issue(manager, partnerId);
    });
  }

  async issue(manager: EntityManager, partnerId: string): Promise<IssuedApiKey> {
    const key = this.hasher.generate();
    const keyId = this.ids.uuid();
    await manager.insert(ApiKeyEntity, {
      id: keyId,
      partnerId,
      displayPrefix: key.displayPrefix,
      keyHash: key.hash,
      createdAt: this.clock.now(),
      revokedAt: null,
    });
    return { keyId, apiKey: key.plaintext, displayPrefix: key.displayPrefix };
  }
}
