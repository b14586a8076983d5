import { platformSections, type ServiceDefinition } from '@platform/http';
import { ServiceName } from '@shared/contracts';
import { transactionServiceDatabase } from './transaction-service.database.js';

export const transactionServiceDefinition: ServiceDefinition<typeof platformSections> = {
  name: ServiceName.TransactionService,
  config: platformSections,
  database: transactionServiceDatabase,
};
