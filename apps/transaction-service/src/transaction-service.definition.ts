import { PayoutErrorPresenter } from '@payout/errors';
import { platformSections, type ServiceDefinition } from '@platform/http';
import { ServiceName } from '@shared/contracts';
import { mapQrCodeError } from './qr-codes/qr-code-error.mapper.js';
import { TransactionServiceConfig } from './transaction-service.config.js';
import { transactionServiceDatabase } from './transaction-service.database.js';
import { TransactionServiceModule } from './transaction-service.module.js';
import { mapTransactionError } from './transactions/transaction-error.mapper.js';

const transactionServiceSections = { ...platformSections, transactions: TransactionServiceConfig };

export const transactionServiceDefinition: ServiceDefinition<typeof transactionServiceSections> = {
  name: ServiceName.TransactionService,
  title: 'Transactions',
  config: transactionServiceSections,
  database: transactionServiceDatabase,
  imports: [TransactionServiceModule],
  errorPresenter: new PayoutErrorPresenter((error) => mapQrCodeError(error) ?? mapTransactionError(error)),
};
