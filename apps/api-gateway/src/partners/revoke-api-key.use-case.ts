import { Injectable } from '@nestjs/common';
import { Clock } from '@shared/util';
import { PartnerError, PartnerErrorCode } from './partners.errors.js';
import { PartnersRepository } from './partners.repository.js';

// A revoked key stops authenticating on the next request: lookups are never cached.
@Injectable()
export class RevokeApiKeyUseCase {
  constructor(
    private readonly partners: PartnersRepository,
    private readonly clock: Clock,
  ) {}

  async execute(partnerId: string, keyId: string): Promise<void> {
    if (!(await this.partners.revokeKey(partnerId, keyId, this.clock.now()))) {
      throw new PartnerError(PartnerErrorCode.API_KEY_NOT_FOUND);
    }
  }
}
