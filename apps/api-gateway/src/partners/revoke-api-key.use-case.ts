import { Injectable } from '@nestjs/common';
import { TransactionRunner } from '@platform/database';
import { Clock } from '@shared/util';
import { PartnerAuditsRepository } from './partner-audits.repository.js';
import { PartnerError, PartnerErrorCode } from './partners.errors.js';
import { PartnersRepository } from './partners.repository.js';

// A revoked key stops authenticating on the next request: this gateway's key cache is cleared.
@Injectable()
export class RevokeApiKeyUseCase {
  constructor(
    private readonly partners: PartnersRepository,
    private readonly transactions: TransactionRunner,
    private readonly audits: PartnerAuditsRepository,
    private readonly clock: Clock,
  ) {}

  // `actor` is the operator (X-Operator, else "ops"), or "partner" for a partner's own key.
  async execute(actor: string, partnerId: string, keyId: string): Promise<void> {
    const outcome = await this.transactions.run(async (unit) => {
      const revoked = await this.partners.revokeKey(unit, partnerId, keyId, this.clock.now());
      // Revoking an already revoked key changes nothing, so it leaves no audit row.
      if (revoked)
        await this.audits.record(unit, { actor, action: 'revoke_key', partnerId, subject: revoked });
      return revoked ?? (await this.partners.keyExists(unit, partnerId, keyId));
    });
    if (!outcome) throw new PartnerError(PartnerErrorCode.API_KEY_NOT_FOUND);
    this.partners.forgetCachedKeys();
  }
}
