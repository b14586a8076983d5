import { Injectable } from '@nestjs/common';
import { TransactionRunner } from '@platform/database';
import { Clock, IdGenerator } from '@shared/util';
import { CreateApiKeyUseCase, type IssuedApiKey } from './create-api-key.use-case.js';
import { PartnerAuditsRepository } from './partner-audits.repository.js';
import { PartnersRepository } from './partners.repository.js';

export interface CreatedPartner extends IssuedApiKey {
  readonly partnerId: string;
  readonly name: string;
}

// A partner is born with its first API key, in one transaction: never a partner nobody can use.
@Injectable()
export class CreatePartnerUseCase {
  constructor(
    private readonly partners: PartnersRepository,
    private readonly transactions: TransactionRunner,
    private readonly apiKeys: CreateApiKeyUseCase,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly audits: PartnerAuditsRepository,
  ) {}

  execute(actor: string, name: string): Promise<CreatedPartner> {
    return this.transactions.run(async (unit) => {
      const partnerId = this.ids.uuid();
      await this.partners.insertPartner(unit, {
        id: partnerId,
        name,
        createdAt: this.clock.now(),
        maxActiveKeys: null,
      });
      await this.audits.record(unit, { actor, action: 'create_partner', partnerId, subject: name });
      const key = await this.apiKeys.issue(unit, actor, partnerId, null);
      return { partnerId, name, ...key };
    });
  }
}
