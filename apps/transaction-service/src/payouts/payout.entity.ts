import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { PaymentMethod } from '@shared/contracts';

// PENDING: not yet accepted by the rail (or its answer was lost); SUBMITTED: the rail has it,
// the outcome is awaited; SETTLED and FAILED are final.
export type PayoutStatus = 'PENDING' | 'SUBMITTED' | 'SETTLED' | 'FAILED';

// The fiat leg of a funded transaction: one per transaction, sent with an idempotency key derived
// from the transaction id, so however often the step runs (a crash, a timeout, a second worker)
// the rail pays once.
@Entity({ name: 'payout' })
@Index('payout_due_idx', ['nextAttemptAt'], { where: `"status" IN ('PENDING', 'SUBMITTED')` })
export class PayoutEntity {
  @PrimaryColumn({ name: 'transaction_id', type: 'uuid' })
  transactionId!: string;

  @Column({ type: 'varchar', length: 8 })
  rail!: PaymentMethod;

  @Column({ type: 'numeric', precision: 20, scale: 2 })
  amount!: string;

  @Column({ type: 'varchar', length: 3 })
  currency!: string;

  @Column({ type: 'varchar', length: 12 })
  status!: PayoutStatus;

  // The rail's own id of the payout, once it accepted it: the reference recorded on completion.
  @Column({ name: 'rail_reference', type: 'varchar', length: 64, nullable: true })
  railReference!: string | null;

  @Column({ name: 'failure_reason', type: 'varchar', length: 120, nullable: true })
  failureReason!: string | null;

  @Column({ type: 'int' })
  attempts!: number;

  // When the worker looks at it next (a claim pushes it out by a lease).
  @Column({ name: 'next_attempt_at', type: 'timestamptz' })
  nextAttemptAt!: Date;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
