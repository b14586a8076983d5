import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { PaymentMethod, TargetCurrency } from '@shared/contracts';

// The payout caps of one rail (payment method and its currency), set by operators and enforced
// by transaction-service at accept. Amounts are in the rail's currency, numeric in the database
// and strings in code; null where uncapped.
@Entity({ name: 'rail_cap' })
export class RailCapEntity {
  @PrimaryColumn({ name: 'payment_method', type: 'varchar', length: 12 })
  paymentMethod!: PaymentMethod;

  @PrimaryColumn({ name: 'target_currency', type: 'varchar', length: 12 })
  targetCurrency!: TargetCurrency;

  @Column({ name: 'per_transaction', type: 'numeric', precision: 20, scale: 2, nullable: true })
  perTransaction!: string | null;

  @Column({ name: 'per_user_daily_amount', type: 'numeric', precision: 20, scale: 2, nullable: true })
  perUserDailyAmount!: string | null;

  @Column({ name: 'per_user_daily_count', type: 'int', nullable: true })
  perUserDailyCount!: number | null;

  @Column({
    name: 'per_payment_method_daily_amount',
    type: 'numeric',
    precision: 20,
    scale: 2,
    nullable: true,
  })
  perPaymentMethodDailyAmount!: string | null;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
