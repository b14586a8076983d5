import { decimal } from '@payout/money';
import type {
  TransactionRefundSummary,
  TransactionStatus,
  TransactionStatusChangedV1,
} from '@shared/contracts';
import type { TransactionEntity } from './transaction.entity.js';

// What `payout.transaction.status-changed.v1` says about a transaction after a change. Amounts
// are decimal strings without trailing zeros.
export function statusChangedEvent(
  transaction: TransactionEntity,
  change: TransactionStatusChangedV1['change'],
  previousStatus: TransactionStatus | null,
  occurredAt: Date,
  refund: TransactionRefundSummary | null = null,
): TransactionStatusChangedV1 {
  return {
    transactionId: transaction.id,
    partnerId: transaction.partnerId,
    userId: transaction.userId,
    sequence: transaction.eventSequence,
    change,
    status: transaction.status,
    previousStatus,
    transactionReference: transaction.reference,
    onChainTxHash: transaction.onChainTxHash,
    quote: {
      id: transaction.quoteId,
      cryptoCurrency: transaction.cryptoCurrency,
      network: transaction.blockchain,
      paymentMethod: transaction.paymentMethod,
      sourceAmount: decimal(transaction.sourceAmount).toFixed(),
      targetAmount: decimal(transaction.targetAmount).toFixed(),
      targetCurrency: transaction.targetCurrency,
    },
    refund,
    occurredAt: occurredAt.toISOString(),
  };
}
