import { PayoutErrorPresenter } from '@payout/errors';
import { platformSections, type ServiceDefinition } from '@platform/http';
import { ServiceName } from '@shared/contracts';
import { mapQrCodeError } from './qr-codes/qr-code-error.mapper.js';
import { transactionServiceDatabase } from './transaction-service.database.js';
import { TransactionServiceModule } from './transaction-service.module.js';

export const transactionServiceDefinition: ServiceDefinition<typeof platformSections> = {
  name: ServiceName.TransactionService,
  config: platformSections,
  database: transactionServiceDatabase,
  imports: [TransactionServiceModule],
  errorPresenter: new PayoutErrorPresenter(mapQrCodeError),
};
