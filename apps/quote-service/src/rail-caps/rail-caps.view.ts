import type { RailCapsView } from '@shared/contracts';
import { decimal } from '@payout/money';
import { paymentRail } from '@payout/rails';
import type { RailCapEntity } from './rail-cap.entity.js';

// Amounts as exact decimal strings without trailing zeros ("5000000", "10.5").
const amount = (value: string | null) => (value === null ? null : decimal(value).toFixed());

export function railCapsView(row: RailCapEntity): RailCapsView {
  return {
    paymentMethod: row.paymentMethod,
    targetCurrency: row.targetCurrency,
    perTransaction: amount(row.perTransaction),
    perUserDailyAmount: amount(row.perUserDailyAmount),
    perUserDailyCount: row.perUserDailyCount,
    perPaymentMethodDailyAmount: amount(row.perPaymentMethodDailyAmount),
  };
}

// As operators read them: with the zone whose calendar day the daily caps count.
export function opsRailCapsView(row: RailCapEntity) {
  return { ...railCapsView(row), timeZone: paymentRail(row.paymentMethod).timeZone };
}
