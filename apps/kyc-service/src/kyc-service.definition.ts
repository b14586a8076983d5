import { platformSections, type ServiceDefinition } from '@platform/http';
import { ServiceName } from '@shared/contracts';
import { kycServiceDatabase } from './kyc-service.database.js';

export const kycServiceDefinition: ServiceDefinition<typeof platformSections> = {
  name: ServiceName.KycService,
  config: platformSections,
  database: kycServiceDatabase,
};
