import type { QuoteCreatedV1 } from './payout-topics.js';

// quote-service's answer to `GET /internal/quotes/{id}?partnerId=` (service identity): the quote
// as it was announced, never recomputed, and the state of its route right now.
export interface InternalQuoteView extends QuoteCreatedV1 {
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
