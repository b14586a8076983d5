import { Injectable } from '@nestjs/common';
import { TransactionRunner } from '@platform/database';
import { Clock } from '@shared/util';
import { PartnerAuditsRepository } from '../partners/partner-audits.repository.js';
import { PartnerError, PartnerErrorCode } from '../partners/partners.errors.js';
import { PartnersRepository } from '../partners/partners.repository.js';
import { DisabledUsersRepository } from './disabled-users.repository.js';

export interface UserStanding {
  readonly partnerId: string;
  readonly userId: string;
  readonly disabled: boolean;
}

// Operations disable or enable one end user of a partner. Repeating a request changes nothing
// and so leaves no second audit row.
@Injectable()
export class SetUserDisabledUseCase {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly partners: PartnersRepository,
    private readonly disabledUsers: DisabledUsersRepository,
    private readonly audits: PartnerAuditsRepository,
    private readonly clock: Clock,
  ) {}

  async execute(actor: string, partnerId: string, userId: string, disabled: boolean): Promise<UserStanding> {
    await this.transactions.run(async (unit) => {
      if (!(await this.partners.partnerExists(unit, partnerId)))
        throw new PartnerError(PartnerErrorCode.PARTNER_NOT_FOUND);
      const changed = disabled
        ? await this.disabledUsers.disable(unit, partnerId, userId, this.clock.now())
        : await this.disabledUsers.enable(unit, partnerId, userId);
      if (changed) {
        const action = disabled ? 'disable_user' : 'enable_user';
        await this.audits.record(unit, { actor, action, partnerId, subject: userId });
      }
    });
    return { partnerId, userId, disabled };
  }
}
