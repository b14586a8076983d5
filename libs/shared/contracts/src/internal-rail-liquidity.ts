import type { PaymentMethod } from './payout-enums.js';

// transaction-service's answer to `GET /internal/rail-liquidity` (service identity): what each
// rail could pay out when last asked, which quote-service checks payout quotes against.
export interface RailLiquidityView {
  readonly paymentMethod: PaymentMethod;
  // The rail's currency (BRL for PIX, COP for Bre-B).
  readonly currency: string;
  // Decimal string.
  readonly available: string;
  // ISO 8601: when the rail answered.
  readonly observedAt: string;
}

export interface RailLiquidityResponse {
  // Only the rails that answered since transaction-service started.
  readonly rails: readonly RailLiquidityView[];
}
