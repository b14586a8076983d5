import type { Blockchain, CryptoCurrency, PaymentMethod, TargetCurrency } from '@shared/contracts';
import type { RouteKey } from '../core/routes/route-key.js';

interface RouteFields {
  readonly crypto_currency: CryptoCurrency;
  readonly network: Blockchain;
  readonly payment_method: PaymentMethod;
  readonly target_currency: TargetCurrency;
}

export function routeOf(request: RouteFields): RouteKey {
  return {
    cryptoCurrency: request.crypto_currency,
    blockchain: request.network,
    paymentMethod: request.payment_method,
    targetCurrency: request.target_currency,
  };
}
