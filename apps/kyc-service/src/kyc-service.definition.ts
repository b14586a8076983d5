import { PayoutErrorResponseDto } from '@payout/errors';
import { platformSections, type ServiceDefinition } from '@platform/http';
import { ServiceName } from '@shared/contracts';
import { kycErrorPresenter } from './core/errors/kyc-error.presenter.js';
import { KycServiceConfig } from './core/kyc-service.config.js';
import { kycServiceDatabase } from './kyc-service.database.js';
import { KycServiceModule } from './kyc-service.module.js';

const kycServiceSections = { ...platformSections, kyc: KycServiceConfig };

export const kycServiceDefinition: ServiceDefinition<typeof kycServiceSections> = {
  name: ServiceName.KycService,
  title: 'KYC',
  config: kycServiceSections,
  database: kycServiceDatabase,
  imports: [KycServiceModule],
  errorPresenter: kycErrorPresenter,
  errorResponse: PayoutErrorResponseDto,
};
