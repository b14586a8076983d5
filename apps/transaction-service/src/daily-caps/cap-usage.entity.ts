import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { PaymentMethod } from '@shared/contracts';

export type CapScope = 'user' | 'rail';

// What a rail has paid out (or holds for transactions still under way) on one calendar day of its
// country: per end user (scope `user`), and across the platform (scope `rail`, partner and user
// empty). Accepts lock and raise the row, and a transaction that gives its share back lowers it,
// in the database transaction of that change; so it always equals the day's unreleased charges.
@Entity({ name: 'daily_cap_usage' })
export class CapUsageEntity {
  @PrimaryColumn({ type: 'date' })
  day!: string;

  @PrimaryColumn({ name: 'payment_method', type: 'varchar', length: 12 })
  paymentMethod!: PaymentMethod;

  @PrimaryColumn({ type: 'varchar', length: 8 })
  scope!: CapScope;

  @PrimaryColumn({ name: 'partner_id', type: 'varchar', length: 36 })
  partnerId!: string;

  @PrimaryColumn({ name: 'user_id', type: 'varchar', length: 128 })
  userId!: string;

  // In the rail's currency.
  @Column({ type: 'numeric', precision: 20, scale: 2 })
  amount!: string;

  @Column({ type: 'int' })
  count!: number;
}
