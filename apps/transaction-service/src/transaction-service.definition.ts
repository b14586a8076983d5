import { PayoutErrorResponseDto } from '@payout/errors';
import { platformSections, type ServiceDefinition } from '@platform/http';
import { ServiceName } from '@shared/contracts';
import { DepositDetectedConsumer } from './funding/deposit-detected.consumer.js';
import { RefundSettledConsumer } from './refunds/refund-settled.consumer.js';
import { transactionServiceErrorPresenter } from './core/errors/transaction-service.error-presenter.js';
import { TransactionServiceConfig } from './core/transaction-service.config.js';
import { transactionServiceDatabase } from './transaction-service.database.js';
import { TransactionServiceModule } from './transaction-service.module.js';

const transactionServiceSections = { ...platformSections, transactions: TransactionServiceConfig };

export const transactionServiceDefinition: ServiceDefinition<typeof transactionServiceSections> = {
  name: ServiceName.TransactionService,
  title: 'Transactions',
  config: transactionServiceSections,
  database: transactionServiceDatabase,
  imports: [TransactionServiceModule],
  consumers: [DepositDetectedConsumer, RefundSettledConsumer],
  errorResponse: PayoutErrorResponseDto,
  errorPresenter: transactionServiceErrorPresenter,
};
