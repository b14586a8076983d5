import type { PaymentMethod, TargetCurrency } from '@shared/contracts';
import { formatCount, formatMoney } from '../format/money.js';

// A rail's payout caps: decimal strings in its currency, null where uncapped.
export interface Caps {
  readonly perTransaction: string | null;
  readonly perUserDailyAmount: string | null;
  readonly perUserDailyCount: number | null;
  readonly perPaymentMethodDailyAmount: string | null;
}

// quote-service's answer to GET /ops/corridors/caps.
export interface RailCaps extends Caps {
  readonly paymentMethod: PaymentMethod;
  readonly targetCurrency: TargetCurrency;
  readonly timeZone: string;
}

export interface Usage {
  readonly amount: string;
  readonly count: number;
}

// transaction-service's answer to GET /transactions/limits.
export interface RailUsage {
  readonly paymentMethod: PaymentMethod;
  readonly targetCurrency: TargetCurrency;
  readonly timeZone: string;
  readonly day: string;
  readonly caps: Caps;
  readonly partner: Usage;
  readonly users: ReadonlyArray<Usage & { readonly userId: string }>;
}

export const railName = (rail: { paymentMethod: string; targetCurrency: string }) =>
  `${rail.paymentMethod} ${rail.targetCurrency}`;

export const capText = (cap: string | number | null, currency?: string) =>
  cap === null ? 'uncapped' : currency ? formatMoney(String(cap), currency) : formatCount(Number(cap));
