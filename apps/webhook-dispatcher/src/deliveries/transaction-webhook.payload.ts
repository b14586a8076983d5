import type { TransactionStatusChangedV1 } from '@shared/contracts';

export type TransactionEventType = 'transaction.created' | 'transaction.updated';

export const TEST_EVENT_TYPE = 'webhook.test';

// Every event type a delivery may carry.
export const WEBHOOK_EVENT_TYPES = ['transaction.created', 'transaction.updated', TEST_EVENT_TYPE] as const;

// What a partner receives for a transaction event. Written out field by field so that nothing
// internal (partner id, routing, bank data) can leak in when the bus event grows.
export interface TransactionWebhookBody {
  readonly id: string;
  readonly type: TransactionEventType;
  readonly created_at: string;
  readonly data: {
    readonly id: string;
    readonly status: string;
    readonly previous_status: string | null;
    readonly sequence: number;
    readonly transaction_reference: string;
    readonly on_chain_tx_hash: string | null;
    readonly user_id: string;
    readonly quote: {
      readonly id: string;
      readonly crypto_currency: string;
      readonly network: string;
      readonly payment_method: string;
      // Decimal strings: exact.
      readonly source_amount: string;
      readonly target_amount: string;
      readonly target_currency: string;
    };
    readonly refund: {
      readonly status: string;
      readonly amount: string;
      readonly on_chain_tx: string | null;
      readonly reason: string | null;
    } | null;
  };
}

export function transactionEventType(event: TransactionStatusChangedV1): TransactionEventType {
  return event.change === 'CREATED' ? 'transaction.created' : 'transaction.updated';
}

export function transactionWebhookBody(
  webhookId: string,
  event: TransactionStatusChangedV1,
): TransactionWebhookBody {
  const { quote, refund } = event;
  return {
    id: webhookId,
    type: transactionEventType(event),
    created_at: event.occurredAt,
    data: {
      id: event.transactionId,
      status: event.status,
      previous_status: event.previousStatus,
      sequence: event.sequence,
      transaction_reference: event.transactionReference,
      on_chain_tx_hash: event.onChainTxHash,
      user_id: event.userId,
      quote: {
        id: quote.id,
        crypto_currency: quote.cryptoCurrency,
        network: quote.network,
        payment_method: quote.paymentMethod,
        source_amount: quote.sourceAmount,
        target_amount: quote.targetAmount,
        target_currency: quote.targetCurrency,
      },
      refund: refund && {
        status: refund.status,
        amount: refund.amount,
        on_chain_tx: refund.onChainTx,
        reason: refund.reason,
      },
    },
  };
}

export function testWebhookBody(webhookId: string, createdAt: Date) {
  return {
    id: webhookId,
    type: TEST_EVENT_TYPE,
    created_at: createdAt.toISOString(),
    data: { message: 'A test event sent from the webhook settings; no transaction changed.' },
  };
}
