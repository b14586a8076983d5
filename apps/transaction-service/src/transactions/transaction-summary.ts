import { decimal } from '@payout/money';
import type { TransactionSummaryDto } from './transaction-search.response.dto.js';
import type { TransactionEntity } from './transaction.entity.js';

// A transaction as the console shows it: amounts as exact decimal strings.
export function transactionSummaryOf(transaction: TransactionEntity): TransactionSummaryDto {
  return {
    id: transaction.id,
    status: transaction.status,
    userId: transaction.userId,
    transactionReference: transaction.reference,
    onChainTxHash: transaction.onChainTxHash,
    blockchain: transaction.blockchain,
    cryptoCurrency: transaction.cryptoCurrency,
    paymentMethod: transaction.paymentMethod,
    targetCurrency: transaction.targetCurrency,
    sourceAmount: decimal(transaction.sourceAmount).toFixed(),
    targetAmount: decimal(transaction.targetAmount).toFixed(),
    createdAt: transaction.createdAt.toISOString(),
    statusChangedAt: transaction.statusChangedAt.toISOString(),
  };
}
