import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@platform/messaging';
import {
  Blockchain,
  CryptoCurrency,
  PaymentMethod,
  PayoutTopic,
  TargetCurrency,
  TransactionStatus,
  type TransactionStatusChangedV1,
} from '@shared/contracts';

// The events transaction-service publishes for one transaction, as the tests publish them.
export function transactionEvent(
  partnerId: string,
  transactionId: string,
  sequence: number,
  overrides: Partial<TransactionStatusChangedV1> = {},
): EventEnvelope<TransactionStatusChangedV1> {
  const payload: TransactionStatusChangedV1 = {
    transactionId,
    partnerId,
    userId: 'user-7',
    sequence,
    change: sequence === 1 ? 'CREATED' : 'STATUS',
    status: sequence === 1 ? TransactionStatus.AWAITING_PAYMENT : TransactionStatus.PROCESSING_PAYMENT,
    previousStatus: sequence === 1 ? null : TransactionStatus.AWAITING_PAYMENT,
    transactionReference: Buffer.from(transactionId.replace(/-/g, ''), 'hex').toString('base64'),
    onChainTxHash: sequence === 1 ? null : `hash-${transactionId.slice(0, 8)}`,
    quote: {
      id: '0b9d1c54-7c25-4c53-a0f6-2a4f0d9e1f10',
      cryptoCurrency: CryptoCurrency.USDC,
      network: Blockchain.STELLAR,
      paymentMethod: PaymentMethod.BREB,
      sourceAmount: '101.020000',
      targetAmount: '400000.00',
      targetCurrency: TargetCurrency.COP,
    },
    refund: null,
    occurredAt: new Date().toISOString(),
    ...overrides,
  };
  return {
    id: randomUUID(),
    topic: PayoutTopic.TransactionStatusChanged,
    key: transactionId,
    payload,
    occurredAt: payload.occurredAt,
    correlationId: randomUUID(),
  };
}
