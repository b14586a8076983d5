import { Injectable } from '@nestjs/common';
import { TransactionRunner, type UnitOfWork } from '@platform/database';
import { Clock, IdGenerator } from '@shared/util';
import { ApiKeyHasher } from './api-key.hasher.js';
import { PartnerAuditsRepository } from './partner-audits.repository.js';
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
    private readonly transactions: TransactionRunner,
    private readonly hasher: ApiKeyHasher,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly audits: PartnerAuditsRepository,
  ) {}

  // `actor` is the operator (X-Operator, else "ops"), or "partner" for a partner's own key.
  execute(actor: string, partnerId: string): Promise<IssuedApiKey> {
    return this.transactions.run(async (unit) => {
      if (!(await this.partners.partnerExists(unit, partnerId))) {
        throw new PartnerError(PartnerErrorCode.PARTNER_NOT_FOUND);
      }
      return this.issue(unit, actor, partnerId);
    });
  }

  async issue(unit: UnitOfWork, actor: string, partnerId: string): Promise<IssuedApiKey> {
    const key = this.hasher.generate();
    const keyId = this.ids.uuid();
    await this.partners.insertKey(unit, {
      id: keyId,
      partnerId,
      displayPrefix: key.displayPrefix,
      keyHash: key.hash,
      createdAt: this.clock.now(),
      revokedAt: null,
    });
    await this.audits.record(unit, { actor, action: 'issue_key', partnerId, subject: key.displayPrefix });
    return { keyId, apiKey: key.plaintext, displayPrefix: key.displayPrefix };
  }
}
