import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { PaymentMethod } from '@shared/contracts';

// One accepted transaction's share of its day's caps: what it added to the usage rows, so that
// giving it back subtracts exactly that from the same day's rows, once (`released_at` set).
@Entity({ name: 'daily_cap_charge' })
export class CapChargeEntity {
  @PrimaryColumn({ name: 'transaction_id', type: 'uuid' })
  transactionId!: string;

  @Column({ type: 'date' })
  day!: string;

  @Column({ name: 'payment_method', type: 'varchar', length: 12 })
  paymentMethod!: PaymentMethod;

  @Column({ name: 'partner_id', type: 'varchar', length: 36 })
  partnerId!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 128 })
  userId!: string;

  @Column({ type: 'numeric', precision: 20, scale: 2 })
  amount!: string;

  @Column({ name: 'released_at', type: 'timestamptz', nullable: true })
  releasedAt!: Date | null;
}
