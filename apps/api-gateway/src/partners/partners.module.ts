import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { PresentsErrors } from '../core/errors/presents-errors.js';
import { ApiKeyEntity } from './api-key.entity.js';
import { ApiKeyListQuery } from './api-key-list.query.js';
import { ApiKeyHasher } from './api-key.hasher.js';
import { ApiKeyUsageRecorder } from './api-key-usage.recorder.js';
import { CreateApiKeyUseCase } from './create-api-key.use-case.js';
import { CreatePartnerUseCase } from './create-partner.use-case.js';
import { OpsPartnersController } from './ops-partners.controller.js';
import { PartnerAuditEntity } from './partner-audit.entity.js';
import { PartnerAuditsRepository } from './partner-audits.repository.js';
import { presentPartnerError } from './partner-error.presenter.js';
import { PartnerController } from './partner.controller.js';
import { PartnerEntity } from './partner.entity.js';
import { PartnerKeysController } from './partner-keys.controller.js';
import { PartnerListQuery } from './partner-list.query.js';
import { partnersMigrations } from './migrations/migrations.js';
import { PartnersRepository } from './partners.repository.js';
import { RevokeApiKeyUseCase } from './revoke-api-key.use-case.js';
import { SetKeyQuotaUseCase } from './set-key-quota.use-case.js';

// Partners and their API keys, at most a quota of them active: a partner's own view (/partner,
// /partner/keys) and the operators' administration with its audit log (/ops/partners). Exports what the gateway's
// credential check needs to recognise a key and record its use, and the audit log other partner changes write to.
@OwnsTables({ entities: [PartnerEntity, ApiKeyEntity, PartnerAuditEntity], migrations: partnersMigrations })
@PresentsErrors(presentPartnerError)
@Module({
  controllers: [PartnerController, PartnerKeysController, OpsPartnersController],
  providers: [
    ApiKeyHasher,
    ApiKeyUsageRecorder,
    PartnersRepository,
    PartnerAuditsRepository,
    PartnerListQuery,
    ApiKeyListQuery,
    CreatePartnerUseCase,
    CreateApiKeyUseCase,
    RevokeApiKeyUseCase,
    SetKeyQuotaUseCase,
  ],
  exports: [ApiKeyHasher, ApiKeyUsageRecorder, PartnersRepository, PartnerAuditsRepository],
})
export class PartnersModule {}
