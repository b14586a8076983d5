import { PayoutErrorPresenter, PayoutErrorResponseDto } from '@payout/errors';
import { platformSections, type ServiceDefinition } from '@platform/http';
import { ServiceName } from '@shared/contracts';
import { DepositDetectedConsumer } from './funding/deposit-detected.consumer.js';
import { mapFundingError } from './funding/funding-error.mapper.js';
import { RefundSettledConsumer } from './refunds/refund-settled.consumer.js';
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
  consumers: [DepositDetectedConsumer, RefundSettledConsumer],
  errorResponse: PayoutErrorResponseDto,
  errorPresenter: new PayoutErrorPresenter(
    (error) => mapQrCodeError(error) ?? mapTransactionError(error) ?? mapFundingError(error),
  ),
};
