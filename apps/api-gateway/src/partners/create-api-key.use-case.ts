import { Injectable } from '@nestjs/common';
import { TransactionRunner, type UnitOfWork } from '@platform/database';
import { Clock, IdGenerator } from '@shared/util';
import { ApiKeyHasher } from './api-key.hasher.js';
import { keyQuotaOf } from './key-quota.js';
import { PartnerAuditsRepository } from './partner-audits.repository.js';
import { PartnerError, PartnerErrorCode } from './partners.errors.js';
import { PartnersConfig } from './partners.config.js';
import { PartnersRepository } from './partners.repository.js';

export interface IssuedApiKey {
  readonly keyId: string;
  // Returned once, never stored.
  readonly apiKey: string;
  readonly displayPrefix: string;
}

// Adds an active key to a partner; a partner may hold several, so keys rotate without downtime,
// up to its key quota.
@Injectable()
export class CreateApiKeyUseCase {
  constructor(
    private readonly partners: PartnersRepository,
    private readonly transactions: TransactionRunner,
    private readonly hasher: ApiKeyHasher,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly audits: PartnerAuditsRepository,
    private readonly config: PartnersConfig,
  ) {}

  // `actor` is the operator (X-Operator, else "ops"), or "partner" for a partner's own key.
  execute(actor: string, partnerId: string, name: string | null): Promise<IssuedApiKey> {
    return this.transactions.run((unit) => this.issue(unit, actor, partnerId, name));
  }

  // Every key is issued here, a new partner's first one included, so none passes the quota.
  async issue(
    unit: UnitOfWork,
    actor: string,
    partnerId: string,
    name: string | null,
  ): Promise<IssuedApiKey> {
    const ownQuota = await this.partners.lockForKeyChanges(unit, partnerId);
    if (ownQuota === undefined) throw new PartnerError(PartnerErrorCode.PARTNER_NOT_FOUND);
    const { maxActiveKeys } = keyQuotaOf(ownQuota, this.config.API_KEY_QUOTA_DEFAULT);
    if ((await this.partners.countActiveKeys(unit, partnerId)) >= maxActiveKeys) {
      throw new PartnerError({ code: PartnerErrorCode.API_KEY_QUOTA_REACHED, maxActiveKeys });
    }
    const key = this.hasher.generate();
    const keyId = this.ids.uuid();
    await this.partners.insertKey(unit, {
      id: keyId,
      partnerId,
      displayPrefix: key.displayPrefix,
      keyHash: key.hash,
      createdAt: this.clock.now(),
      revokedAt: null,
      name,
      lastUsedAt: null,
    });
    await this.audits.record(unit, { actor, action: 'issue_key', partnerId, subject: key.displayPrefix });
    return { keyId, apiKey: key.plaintext, displayPrefix: key.displayPrefix };
  }
}
