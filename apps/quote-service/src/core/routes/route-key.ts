import type { Blockchain, CryptoCurrency, PaymentMethod, TargetCurrency } from '@shared/contracts';

// What names one route of the catalogue: the asset on its chain, and the rail with its currency.
export interface RouteKey {
  readonly cryptoCurrency: CryptoCurrency;
  readonly blockchain: Blockchain;
  readonly paymentMethod: PaymentMethod;
  readonly targetCurrency: TargetCurrency;
}
