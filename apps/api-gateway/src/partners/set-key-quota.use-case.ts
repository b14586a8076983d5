import { Injectable } from '@nestjs/common';
import { TransactionRunner } from '@platform/database';
import { keyQuotaOf, keyQuotaText } from './key-quota.js';
import { PartnerAuditsRepository } from './partner-audits.repository.js';
import { PartnerError, PartnerErrorCode } from './partners.errors.js';
import { PartnersConfig } from './partners.config.js';
import { PartnersRepository } from './partners.repository.js';

// An operator sets how many unrevoked keys one partner may hold (null: back to the default).
// Keys it already holds above a lowered quota stay valid; no new one is issued until enough are
// revoked.
@Injectable()
export class SetKeyQuotaUseCase {
  constructor(
    private readonly partners: PartnersRepository,
    private readonly transactions: TransactionRunner,
    private readonly audits: PartnerAuditsRepository,
    private readonly config: PartnersConfig,
  ) {}

  execute(actor: string, partnerId: string, maxActiveKeys: number | null): Promise<void> {
    return this.transactions.run(async (unit) => {
      const before = await this.partners.lockForKeyChanges(unit, partnerId);
      if (before === undefined) throw new PartnerError(PartnerErrorCode.PARTNER_NOT_FOUND);
      await this.partners.setKeyQuota(unit, partnerId, maxActiveKeys);
      // e.g. "10 (default) → 25": the quota before and after, as a person reads it.
      const subject = [before, maxActiveKeys]
        .map((quota) => keyQuotaText(keyQuotaOf(quota, this.config.API_KEY_QUOTA_DEFAULT)))
        .join(' → ');
      await this.audits.record(unit, { actor, action: 'set_key_quota', partnerId, subject });
    });
  }
}
