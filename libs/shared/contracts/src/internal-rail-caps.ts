import type { PaymentMethod, TargetCurrency } from './payout-enums.js';

// quote-service's answer to `GET /internal/rail-caps` (service identity): the payout caps of each
// rail as operators set them, which transaction-service enforces at accept. Amounts are decimal
// strings in the rail's currency; null means uncapped. "Daily" is the calendar day in the rail's
// country (its `timeZone` in @payout/rails).
export interface RailCapsView {
  readonly paymentMethod: PaymentMethod;
  readonly targetCurrency: TargetCurrency;
  readonly perTransaction: string | null;
  // What one end user (a partner's user id) may be paid out per day, and in how many transactions.
  readonly perUserDailyAmount: string | null;
  readonly perUserDailyCount: number | null;
  // What the rail may pay out per day across the platform (every partner and user).
  readonly perPaymentMethodDailyAmount: string | null;
}
