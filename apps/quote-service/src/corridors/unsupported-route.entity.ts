import { Column, Entity, PrimaryColumn, Unique } from 'typeorm';
import { Blockchain, CryptoCurrency, PaymentMethod, TargetCurrency } from '@shared/contracts';

// A route switched off explicitly (for example while a rail partner is down), whatever its flow says.
@Entity({ name: 'unsupported_route' })
@Unique('unsupported_route_route', ['cryptoCurrency', 'blockchain', 'paymentMethod', 'targetCurrency'])
export class UnsupportedRouteEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'crypto_currency', type: 'varchar', length: 12 })
  cryptoCurrency!: CryptoCurrency;

  @Column({ type: 'varchar', length: 12 })
  blockchain!: Blockchain;

  @Column({ name: 'payment_method', type: 'varchar', length: 12 })
  paymentMethod!: PaymentMethod;

  @Column({ name: 'target_currency', type: 'varchar', length: 12 })
  targetCurrency!: TargetCurrency;

  @Column({ type: 'varchar', length: 300 })
  reason!: string;
}
