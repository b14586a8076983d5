import type { Blockchain, CryptoCurrency, PaymentMethod, TargetCurrency } from '@shared/contracts';

// quote-service's answers to GET /ops/corridors and GET /ops/corridors/audit.
export interface CorridorRoute {
  readonly cryptoCurrency: CryptoCurrency;
  readonly blockchain: Blockchain;
  readonly paymentMethod: PaymentMethod;
  readonly targetCurrency: TargetCurrency;
}

export interface CorridorFlow {
  readonly id: string;
  readonly direction: 'PAYOUT' | 'ONRAMP';
  readonly route: CorridorRoute;
  readonly enabled: boolean;
  readonly feeBasisPoints: number;
  readonly feeFixed: string;
  readonly minAmount: string | null;
  readonly maxAmount: string | null;
}

export interface UnsupportedRoute {
  readonly id: string;
  readonly route: CorridorRoute;
  readonly reason: string;
}

export interface CorridorSnapshot {
  readonly flows: readonly CorridorFlow[];
  readonly unsupported: readonly UnsupportedRoute[];
}

export interface AuditEntry {
  readonly id: string;
  readonly actor: string;
  readonly action: string;
  readonly subject: string;
  readonly change: Readonly<Record<string, string | number | boolean | null>>;
  readonly occurredAt: string;
}

export const routeName = (route: CorridorRoute) =>
  `${route.cryptoCurrency} ${route.blockchain} → ${route.paymentMethod} ${route.targetCurrency}`;
