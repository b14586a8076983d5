import type { Blockchain, CryptoCurrency, PaymentMethod, TargetCurrency } from './payout-enums.js';

// A KYC submission reached a final decision. Keyed by `<partnerId>:<userId>` so one user's
// decisions stay in order.
export interface KycSubmissionDecidedV1 {
  readonly submissionId: string;
  readonly partnerId: string;
  readonly userId: string;
  readonly status: 'APPROVED' | 'REJECTED';
  // ISO 8601.
  readonly decidedAt: string;
}

export enum TransactionStatus {
  AWAITING_PAYMENT = 'AWAITING_PAYMENT',
  PROCESSING_PAYMENT = 'PROCESSING_PAYMENT',
  PAYMENT_COMPLETED = 'PAYMENT_COMPLETED',
  PAYMENT_FAILED = 'PAYMENT_FAILED',
  WRONG_AMOUNT = 'WRONG_AMOUNT',
  PAYMENT_EXPIRED = 'PAYMENT_EXPIRED',
}

export type RefundStatus = 'REQUESTED' | 'SENT' | 'FAILED';

// The quote a transaction executes, as partners see it (list items, webhooks).
export interface TransactionQuoteSummary {
  readonly id: string;
  readonly cryptoCurrency: CryptoCurrency;
  readonly network: Blockchain;
  readonly paymentMethod: PaymentMethod;
  // Decimal strings.
  readonly sourceAmount: string;
  readonly targetAmount: string;
  readonly targetCurrency: TargetCurrency;
}

export interface TransactionRefundSummary {
  readonly status: RefundStatus;
  // Decimal string, in the transaction's crypto currency.
  readonly amount: string;
  readonly onChainTx: string | null;
  readonly reason: string | null;
}

// A transaction was created or changed status. Keyed by transaction id; `sequence` grows by one per event of a transaction, so a consumer can
// keep the latest and deliver in order.
export interface TransactionStatusChangedV1 {
  readonly transactionId: string;
  readonly partnerId: string;
  readonly userId: string;
  readonly sequence: number;
  // 'REFUND' (a refund outcome, status unchanged) is no longer published; consumers still accept
  // the events of that kind written before, and `refund` is null on every other change.
  readonly change: 'CREATED' | 'STATUS' | 'REFUND';
  readonly status: TransactionStatus;
  readonly previousStatus: TransactionStatus | null;
  readonly transactionReference: string;
  readonly onChainTxHash: string | null;
  readonly quote: TransactionQuoteSummary;
  readonly refund: TransactionRefundSummary | null;
  // ISO 8601.
  readonly occurredAt: string;
}

// A transfer into one of our deposit addresses, seen on chain (stream, notify or reconciliation).
// Keyed by `<blockchain>:<onChainTx>`. One event per transfer; `transferIndex` tells apart several
// transfers in one chain transaction (Stellar operation index, Solana instruction index, EVM log
// index).
export interface DepositDetectedV1 {
  readonly blockchain: Blockchain;
  readonly onChainTx: string;
  readonly transferIndex: number;
  readonly cryptoCurrency: CryptoCurrency;
  // The asset's issuer:code on Stellar, mint on Solana, token contract on Celo.
  readonly asset: string;
  readonly depositAddress: string;
  readonly sender: string;
  // Decimal string in whole tokens.
  readonly amount: string;
  // Stellar text memo, null elsewhere or when absent.
  readonly memo: string | null;
  // The transaction the transfer was reported for (notify, reconcile), null when found by a stream.
  readonly transactionId: string | null;
  // ISO 8601: when the chain included it.
  readonly confirmedAt: string;
}

// Why crypto goes back: less than quoted, more than quoted, after the quote expired, the payout
// failed, or a held transfer an operator sends back.
export const REFUND_REASONS = ['WRONG_AMOUNT', 'EXCESS', 'EXPIRED', 'PAYOUT_FAILED', 'UNMATCHED'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

// transaction-service asks chain-watchers to send crypto back. Keyed by transaction id, or by the
// deposit's `depositOnChainTx` when there is none; refundId is the idempotency key of the transfer
// itself.
export interface RefundRequestedV1 {
  readonly refundId: string;
  // Null for a held transfer (one that funds no transaction) an operator sends back.
  readonly transactionId: string | null;
  readonly blockchain: Blockchain;
  readonly cryptoCurrency: CryptoCurrency;
  readonly destination: string;
  // Decimal string in whole tokens.
  readonly amount: string;
  readonly reason: RefundReason;
  // The deposit the refund gives back (its `chain.deposit.detected.v1` fact's `onChainTx` and
  // `transferIndex`): chain-watchers sends a refund only for a deposit it recorded itself, to its
  // sender, in its currency, and never more in all than it recorded. A request without them is
  // refused.
  readonly depositOnChainTx: string;
  readonly depositTransferIndex: number;
  // The operator who named a destination other than the deposit's sender, for a held transfer
  // (reason UNMATCHED) only: chain-watchers sends anywhere but to the sender only then. Absent or
  // null when the refund goes back to the sender.
  readonly destinationNamedBy?: string | null;
}

// Keyed as the request was.
export interface RefundSettledV1 {
  readonly refundId: string;
  // As in the request: null for a held transfer's refund.
  readonly transactionId: string | null;
  readonly blockchain: Blockchain;
  readonly status: 'SENT' | 'FAILED';
  readonly onChainTx: string | null;
  readonly reason: string | null;
  // ISO 8601.
  readonly settledAt: string;
}

// Every topic of the payout product and the one payload type it carries.
export interface PayoutTopics {
  'kyc.submission.decided.v1': KycSubmissionDecidedV1;
  'payout.transaction.status-changed.v1': TransactionStatusChangedV1;
  'chain.deposit.detected.v1': DepositDetectedV1;
  'chain.refund.requested.v1': RefundRequestedV1;
  'chain.refund.settled.v1': RefundSettledV1;
}

export const PayoutTopic = {
  KycSubmissionDecided: 'kyc.submission.decided.v1',
  TransactionStatusChanged: 'payout.transaction.status-changed.v1',
  DepositDetected: 'chain.deposit.detected.v1',
  RefundRequested: 'chain.refund.requested.v1',
  RefundSettled: 'chain.refund.settled.v1',
} as const satisfies Record<string, keyof PayoutTopics>;
