import type { Blockchain, CryptoCurrency, PaymentMethod, TargetCurrency } from './payout-enums.js';

export interface QuoteCreatedV1 {
  readonly quoteId: string;
  readonly partnerId: string;
  readonly kind: 'PAYOUT' | 'REVERSE' | 'ONRAMP';
  readonly cryptoCurrency: CryptoCurrency;
  readonly blockchain: Blockchain;
  readonly paymentMethod: PaymentMethod;
  readonly targetCurrency: TargetCurrency;
  // Decimal strings.
  readonly cryptoAmount: string;
  readonly fiatAmount: string;
  readonly feeAmount: string;
  readonly expiresAt: string;
}

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

// Every topic of the payout product and the one payload type it carries.
export interface PayoutTopics {
  'payout.quote.created.v1': QuoteCreatedV1;
  'kyc.submission.decided.v1': KycSubmissionDecidedV1;
}

export const PayoutTopic = {
  QuoteCreated: 'payout.quote.created.v1',
  KycSubmissionDecided: 'kyc.submission.decided.v1',
} as const satisfies Record<string, keyof PayoutTopics>;
