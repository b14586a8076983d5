import { Column, Entity, Index, PrimaryColumn, Unique } from 'typeorm';
import { SignedAttemptColumns } from '../core/chains/signed-attempt.columns.js';

// One signed transfer of a refund, recorded (payload and hash) before it is broadcast. While its
// outcome is unknown it is PENDING: it is looked up by hash and, while it could still land,
// rebroadcast as is; a new attempt is signed only once this one can never land (EXPIRED).
@Entity({ name: 'refund_attempt' })
@Unique('refund_attempt_number', ['refundId', 'attempt'])
// One signed transaction is one transfer: a second attempt that signed to the same hash (on
// Solana, the same transfer against the same blockhash) would be taken as landed when the first
// lands, while no second transfer happened. Refused here, it is signed again on a later pass.
@Unique('refund_attempt_tx_hash', ['txHash'])
@Index('refund_attempt_pending', ['refundId'], { where: `"state" = 'PENDING'` })
export class RefundAttemptEntity extends SignedAttemptColumns {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'refund_id', type: 'uuid' })
  refundId!: string;

  @Column({ type: 'int' })
  attempt!: number;

  // A Stellar refund's time bounds (the other chains' bounds are in the shared columns).
  @Column({ name: 'valid_until', type: 'timestamptz', nullable: true })
  validUntil!: Date | null;
}
