import { Column } from 'typeorm';
import type { Blockchain, CryptoCurrency, PaymentMethod, TargetCurrency } from '@shared/contracts';
import type { RouteKey } from './route-key.js';

// The four columns that name a route, embedded (unprefixed) wherever a route is stored.
export class RouteColumns implements RouteKey {
  @Column({ name: 'crypto_currency', type: 'varchar', length: 12 })
  cryptoCurrency!: CryptoCurrency;

  @Column({ type: 'varchar', length: 12 })
  blockchain!: Blockchain;

  @Column({ name: 'payment_method', type: 'varchar', length: 12 })
  paymentMethod!: PaymentMethod;

  @Column({ name: 'target_currency', type: 'varchar', length: 12 })
  targetCurrency!: TargetCurrency;
}
