import type { Blockchain, CryptoCurrency, PaymentMethod, TargetCurrency } from './payout-enums.js';

// quote-service's answer to `GET /internal/quotes/{id}?partnerId=` (service identity): the quote
// as it was issued, never recomputed, and the state of its route right now.
export interface InternalQuoteView {
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
  readonly feeType: string;
  // Decimal string: fiat per unit of crypto.
  readonly rate: string;
  // ISO 8601.
  readonly createdAt: string;
  // Whether the route is still live (flow enabled, asset minted, not marked unsupported).
  readonly live: boolean;
  // The asset's active mint (Stellar: its issuer) and decimals; null when the route is not live.
  readonly asset: { readonly mintAddress: string; readonly decimals: number } | null;
}
