import type { TransactionStatus } from '@shared/contracts';
import type { TransactionSummary } from './transactions.js';
import { formatMoney } from '../format/money.js';

// GET /transaction/{id}/timeline (transaction-service).
// What the partner agreed to (quote-service's terms, kept on the transaction). `rate` and `fee`
// are null for transactions accepted before they were kept; `memo` is Stellar's only;
// `payBefore` is the deadline while awaiting payment. `paymentUri` is the chain's payment request
// (SEP-7 `web+stellar:pay`, Solana Pay `solana:`, EIP-681 `ethereum:`) for a wallet to open; null
// when there is none to make.
export interface TransactionTerms {
  readonly rate: string | null;
  readonly fee: string | null;
  readonly amountToSend: string;
  readonly cryptoCurrency: string;
  readonly recipientAmount: string;
  readonly targetCurrency: string;
  readonly depositAddress: string;
  readonly memo: string | null;
  readonly payBefore: string | null;
  readonly paymentUri: string | null;
}

export interface TransactionTimeline {
  readonly transaction: TransactionSummary;
  readonly terms: TransactionTerms;
  // Every deposit's amount added up; null before any (compare with amountToSend: an underpay).
  readonly amountReceived: string | null;
  readonly journal: ReadonlyArray<{
    readonly sequence: number;
    readonly change: string;
    readonly fromStatus: TransactionStatus | null;
    readonly toStatus: TransactionStatus;
    readonly occurredAt: string;
  }>;
  readonly deposits: ReadonlyArray<{
    readonly onChainTx: string;
    readonly amount: string;
    readonly sender: string;
    readonly outcome: string;
    readonly confirmedAt: string;
  }>;
  readonly payout: {
    readonly status: string;
    readonly amount: string;
    readonly currency: string;
    readonly railReference: string | null;
    readonly failureReason: string | null;
    readonly attempts: number;
    readonly updatedAt: string;
  } | null;
  readonly refunds: ReadonlyArray<{
    readonly status: string;
    readonly amount: string;
    readonly destination: string;
    readonly reason: string;
    readonly onChainTx: string | null;
    readonly requestedAt: string;
    readonly settledAt: string | null;
  }>;
}

export interface TimelineEvent {
  readonly at: string;
  readonly title: string;
  readonly detail: string;
  // The on-chain transfer the event is about, shown as a link or copyable text.
  readonly hash: string | null;
}

const statusText = (status: string) => status.replaceAll('_', ' ').toLowerCase();

// One list, oldest first, of everything the timeline answer holds. A deposit comes before a status
// change of the same instant: the change is what the deposit caused.
export function eventsOf(timeline: TransactionTimeline): TimelineEvent[] {
  const { transaction, journal, deposits, payout, refunds } = timeline;
  const events: TimelineEvent[] = [
    ...deposits.map((deposit) => ({
      at: deposit.confirmedAt,
      title: `Deposit of ${formatMoney(deposit.amount, transaction.cryptoCurrency)} (${statusText(deposit.outcome)})`,
      detail: `${transaction.blockchain} transfer from ${deposit.sender}`,
      hash: deposit.onChainTx,
    })),
    ...journal.map((entry) => ({
      at: entry.occurredAt,
      title: entry.change === 'CREATED' ? 'Created' : `Status: ${statusText(entry.toStatus)}`,
      detail: entry.fromStatus ? `from ${statusText(entry.fromStatus)}` : '',
      hash: null,
    })),
    ...(payout
      ? [
          {
            at: payout.updatedAt,
            title: `Payout of ${formatMoney(payout.amount, payout.currency)}: ${statusText(payout.status)}`,
            detail: [
              `${transaction.paymentMethod}, attempt ${payout.attempts}`,
              payout.railReference && `rail reference ${payout.railReference}`,
              payout.failureReason,
            ]
              .filter(Boolean)
              .join('; '),
            hash: null,
          },
        ]
      : []),
    ...refunds.map((refund) => ({
      at: refund.settledAt ?? refund.requestedAt,
      title: `Refund of ${formatMoney(refund.amount, transaction.cryptoCurrency)}: ${statusText(refund.status)}`,
      detail: `to ${refund.destination}; because ${statusText(refund.reason)}`,
      hash: refund.onChainTx,
    })),
  ];
  return events.sort((a, b) => a.at.localeCompare(b.at));
}
